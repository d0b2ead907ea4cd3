import { describe, expect, it } from 'vitest';
import { receiptAvailability, receiptNumber, receivedOn } from './receipts';

describe('receiptAvailability', () => {
  const paid = { status: 'paid', needReceipt: true, isAnonymous: false };

  it('a paid gift whose supporter asked for a receipt has one', () => {
    expect(receiptAvailability(paid)).toBe('available');
  });

  it('a gift still waiting for its card check or bank transfer has none yet', () => {
    for (const status of ['pending', 'authorizing', 'awaiting_transfer']) expect(receiptAvailability({ ...paid, status })).toBe('not_paid');
  });

  it('failed, expired and cancelled gifts have none', () => {
    for (const status of ['failed', 'expired', 'cancelled']) expect(receiptAvailability({ ...paid, status })).toBe('not_paid');
  });

  it('a refunded gift cannot get one', () => {
    expect(receiptAvailability({ ...paid, status: 'refunded' })).toBe('refunded');
  });

  it('no receipt when none was asked for, or for anonymous support', () => {
    expect(receiptAvailability({ ...paid, needReceipt: false })).toBe('not_requested');
    expect(receiptAvailability({ ...paid, isAnonymous: true })).toBe('not_requested');
  });
});

describe('receiptNumber', () => {
  it('associate 12, 2026, 42nd receipt → K12-2026-00042', () => {
    expect(receiptNumber(12, 2026, 42)).toBe('K12-2026-00042');
  });

  it('the same sequence at two associates gives two different numbers', () => {
    expect(receiptNumber(1, 2026, 1)).not.toBe(receiptNumber(2, 2026, 1));
  });

  it('sequences past 99,999 keep every digit', () => {
    expect(receiptNumber(3, 2027, 123456)).toBe('K3-2027-123456');
  });
});

describe('receivedOn', () => {
  it('a transfer sent on 30 December but covered at 10:00 on 4 January in Japan is received 4 January', () => {
    expect(receivedOn(new Date('2027-01-04T01:00:00Z'))).toBe('2027-01-04');
  });

  it('a charge settled at 23:30 on 31 December UTC is already 1 January in Japan', () => {
    expect(receivedOn(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('a charge settled at 14:59 UTC on 31 December is still 31 December in Japan', () => {
    expect(receivedOn(new Date('2026-12-31T14:59:00Z'))).toBe('2026-12-31');
  });
});
