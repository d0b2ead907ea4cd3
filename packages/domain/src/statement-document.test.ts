import { describe, expect, it } from 'vitest';
import { statementCsv } from './statement-document';

describe('a statement as a CSV', () => {
  const statement = {
    month: '2026-10',
    payout_date: '2026-11-25',
    gross: 18_000,
    refunds: 2_000,
    fees: 880,
    commission: 800,
    tax: 80,
    net: 15_120,
    carried_in: 0,
    payable: 15_120,
    carried_out: 0,
    lines: [
      { kind: 'gift' as const, occurred_at: '2026-10-31T14:30:00.000Z', donation_id: 7, amount: 8_000, fee: 440, net: 7_560 },
      { kind: 'refund' as const, occurred_at: '2026-10-20T00:00:00.000Z', donation_id: 6, amount: -2_000, fee: -110, net: -1_890 },
    ],
  };

  it('writes a line per row on the day in Japan, then the sums, with a byte order mark for Excel', () => {
    const csv = statementCsv(statement, 'ja');
    expect(csv.startsWith('\uFEFF日付,種別,寄付番号,金額,手数料（税込）,差引額\r\n')).toBe(true);
    // 14:30 UTC on the 31st is 23:30 in Japan: still October.
    expect(csv).toContain('2026-10-31,寄付,7,8000,440,7560\r\n');
    expect(csv).toContain('2026-10-20,返金,6,-2000,-110,-1890\r\n');
    expect(csv).toContain(',お支払額,,,,15120\r\n');
    expect(csv).toContain(',うち消費税（10%）,,,,80\r\n');
  });

  it('speaks English when asked', () => {
    const csv = statementCsv(statement, 'en');
    expect(csv).toContain('Date,Kind,Gift no.,Amount,Fee (incl. tax),Net');
    expect(csv).toContain(',Payable,,,,15120');
  });
});
