// The bank adapter's outgoing transfers and account check (ADR 074) against the sandbox bank over
// real HTTP: a transfer is processing, then succeeds or fails by the bank's test accounts; a retry —
// after a replay, a 500, a timeout, or an answer lost after the bank had acted — ends in one
// transfer; the account check answers each case; refusals are ProviderErrors with the bank's code.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import type { BankPayee, CreateTransferInput } from '../src/providers/bank/bank-gateway';
import { providerRejection } from './helpers/provider-rejection';
import { useBankGatewayBed } from './helpers/bank-gateway-bed';
import { answerHoldingProxy } from './helpers/holding-proxy';
import { CALLS_HANG, IMPATIENT_TIMEOUT_MS } from './helpers/start-sandbox';

const bed = useBankGatewayBed();

/** How long the sandbox bank keeps a transfer processing, on its clock. */
const COMPLETES_AFTER_MS = 1_000;
const payee: BankPayee = {
  bankCode: '0005',
  branchCode: '123',
  accountType: 'ordinary',
  accountNumber: '1234567',
  accountHolder: 'トクヒ）サクラノキキン',
};
let counter = 0;
const transferInput = (overrides: Partial<CreateTransferInput> = {}): CreateTransferInput => ({
  ...payee,
  amount: 18_000,
  reference: `payout-test-${Date.now()}-${counter++}`,
  ...overrides,
});

async function completed(id: string) {
  await bed.sandbox.advanceClock(COMPLETES_AFTER_MS);
  return bed.bank.getTransfer(id);
}

/** How many transfers the bank holds under a reference, read over raw HTTP. */
async function transfersAtBank(reference: string): Promise<number> {
  const response = await fetch(`${bed.sandbox.url}/bank/v1/transfers?reference=${encodeURIComponent(reference)}`, {
    headers: { authorization: `Bearer ${loadConfig({}).BANK_API_KEY}` },
  });
  return ((await response.json()) as { data: unknown[] }).data.length;
}

describe('createTransfer', () => {
  it('sends the amount to the payee: processing at first, succeeded a moment later, found by reference', async () => {
    const input = transferInput();
    const sent = await bed.bank.createTransfer(input);
    expect(sent).toMatchObject({ ...input, status: 'processing', failureCode: null, completedAt: null });
    expect(sent.id).toMatch(/^tr_/);
    const done = await completed(sent.id);
    expect(done).toMatchObject({ id: sent.id, status: 'succeeded', failureCode: null });
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(await bed.bank.findTransferByReference(input.reference)).toEqual(done);
    expect(await bed.bank.findTransferByReference(`${input.reference}-nobody`)).toBeNull();
  });

  it.each([
    ['1239999', 'account_not_found'],
    ['1238888', 'account_closed'],
    ['1237777', 'holder_mismatch'],
  ] as const)('reports a transfer to %s as failed with %s, and says so in the event log', async (accountNumber, failureCode) => {
    const sent = await bed.bank.createTransfer(transferInput({ accountNumber }));
    expect(sent.status).toBe('processing');
    const done = await completed(sent.id);
    expect(done).toMatchObject({ status: 'failed', failureCode });
    const events = await bed.bank.listEventsSince(sent.createdAt.toISOString());
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'transfer.failed',
        virtualAccountId: null,
        payload: expect.objectContaining({ data: { transfer: expect.objectContaining({ id: sent.id }) } }),
      }),
    );
  });

  it('answers a replay with the transfer sent first, and the bank holds one', async () => {
    const input = transferInput();
    const first = await bed.bank.createTransfer(input);
    const again = await bed.bank.createTransfer(input);
    expect(again.id).toBe(first.id);
    // The holder respelt with a space is still this payment, not a second one.
    const respelt = await bed.bank.createTransfer({ ...input, accountHolder: 'トクヒ）サクラノ キキン' });
    expect(respelt.id).toBe(first.id);
    expect(await transfersAtBank(input.reference)).toBe(1);
  });

  it('refuses the same reference for another amount as a request error, sending nothing more', async () => {
    const input = transferInput();
    await bed.bank.createTransfer(input);
    const error = await providerRejection(bed.bank.createTransfer({ ...input, amount: 18_001 }));
    expect(error).toMatchObject({ provider: 'bank', code: 'idempotency_key_reused', httpStatus: 409, retryable: false });
    expect(error.rejectedRequest).toBe(true);
    expect(await transfersAtBank(input.reference)).toBe(1);
  });

  it('retries after a 500 into one transfer', async () => {
    const input = transferInput();
    await bed.sandbox.setFaults({ errorRate: 1 });
    const error = await providerRejection(bed.bank.createTransfer(input));
    expect(error).toMatchObject({ code: 'internal_error', httpStatus: 500, retryable: true });
    await bed.sandbox.setFaults({ errorRate: 0 });
    const sent = await bed.bank.createTransfer(input);
    expect(await bed.bank.createTransfer(input)).toMatchObject({ id: sent.id });
    expect(await transfersAtBank(input.reference)).toBe(1);
  });

  it('retries after a timeout into one transfer', async () => {
    const input = transferInput();
    await bed.sandbox.setFaults(CALLS_HANG);
    const error = await providerRejection(bed.gatewayWith({ PROVIDER_TIMEOUT_MS: String(IMPATIENT_TIMEOUT_MS) }).createTransfer(input));
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    await bed.sandbox.setFaults({ errorRate: 0, timeoutRate: 0 });
    await bed.bank.createTransfer(input);
    expect(await transfersAtBank(input.reference)).toBe(1);
  });

  it('retries after the answer was lost once the bank had sent it, and gets that transfer', async () => {
    const input = transferInput();
    // The bank acts; its answer never reaches us (a cut line, or a kill -9 before our commit).
    const relay = await answerHoldingProxy(bed.sandbox.url, (method, path) => method === 'POST' && path === '/bank/v1/transfers');
    try {
      const impatient = bed.gatewayWith({ BANK_API_URL: `${relay.url}/bank`, PROVIDER_TIMEOUT_MS: String(IMPATIENT_TIMEOUT_MS) });
      expect(await providerRejection(impatient.createTransfer(input))).toMatchObject({ code: 'timeout', retryable: true });
      expect(relay.held()).toBe(1);
    } finally {
      await relay.close();
    }
    const sentUnseen = await bed.bank.findTransferByReference(input.reference);
    expect(sentUnseen).not.toBeNull();
    expect((await bed.bank.createTransfer(input)).id).toBe(sentUnseen?.id);
    expect(await transfersAtBank(input.reference)).toBe(1);
  });

  it('passes on refused input and unknown transfers as request errors', async () => {
    const badHolder = await providerRejection(bed.bank.createTransfer(transferInput({ accountHolder: '山田太郎' })));
    expect(badHolder).toMatchObject({ code: 'invalid_request', httpStatus: 400, retryable: false });
    expect(badHolder.message).toMatch(/account_holder/);
    expect(await providerRejection(bed.bank.getTransfer('tr_doesnotexist'))).toMatchObject({ code: 'not_found', httpStatus: 404 });
  });
});

describe('checkAccount', () => {
  it('matches an open account held by the name given, with the holder on record', async () => {
    expect(await bed.bank.checkAccount(payee)).toEqual({ result: 'match', registeredHolder: payee.accountHolder });
  });

  it('tells a holder mismatch with the holder on record, and an unknown or closed account without one', async () => {
    expect(await bed.bank.checkAccount({ ...payee, accountNumber: '1237777' })).toEqual({
      result: 'holder_mismatch',
      registeredHolder: 'サンドボックス\u3000ハナコ',
    });
    expect(await bed.bank.checkAccount({ ...payee, accountNumber: '1239999' })).toEqual({
      result: 'account_not_found',
      registeredHolder: null,
    });
    expect(await bed.bank.checkAccount({ ...payee, accountNumber: '1238888' })).toEqual({
      result: 'account_closed',
      registeredHolder: null,
    });
  });

  it('passes on a malformed account as a request error and an outage as retryable', async () => {
    const error = await providerRejection(bed.bank.checkAccount({ ...payee, branchCode: '12' }));
    expect(error).toMatchObject({ code: 'invalid_request', httpStatus: 400, retryable: false });
    expect(error.rejectedRequest).toBe(true);
    await bed.sandbox.setFaults({ errorRate: 1 });
    expect(await providerRejection(bed.bank.checkAccount(payee))).toMatchObject({ code: 'internal_error', retryable: true });
  });
});
