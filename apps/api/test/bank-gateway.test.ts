// Contract of the bank adapter against the sandbox bank over real HTTP: issuing (idempotent by
// reference), reading, closing, the event log, and every failure as a ProviderError with the bank's
// code and whether a retry may help — refusals, outages (500) and timeouts.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { SandboxBankGateway } from '../src/providers/bank/sandbox-bank-gateway';
import { providerRejection } from './helpers/provider-rejection';
import { useBankGatewayBed } from './helpers/bank-gateway-bed';
import type { BankSandbox } from './helpers/start-bank-sandbox';
import { CALLS_HANG, IMPATIENT_TIMEOUT_MS } from './helpers/start-sandbox';

const bed = useBankGatewayBed();
let sandbox: BankSandbox;
let bank: SandboxBankGateway;
const gatewayWith = (env?: Record<string, string>) => bed.gatewayWith(env);
beforeAll(() => {
  ({ sandbox, bank } = bed);
});

const DAY_MS = 86_400_000;
let counter = 0;
const reference = () => `test-gateway-${Date.now()}-${counter++}`;
const inDays = (days: number) => new Date(Math.floor((Date.now() + days * DAY_MS) / 1000) * 1000);

describe('issueVirtualAccount', () => {
  it('issues an ordinary account at the online bank for the amount and deadline asked', async () => {
    const expiresAt = inDays(7);
    const ref = reference();
    const account = await bank.issueVirtualAccount({ amount: 12_345, reference: ref, expiresAt });
    expect(account).toMatchObject({
      reference: ref,
      bankName: 'サンドボックス銀行',
      bankNameEn: 'Sandbox Bank',
      branchName: 'さくら支店',
      branchNameEn: 'Sakura Branch',
      accountType: 'ordinary',
      accountHolder: 'キフ（カ',
      accountHolderEn: 'KIFU CO., LTD.',
      amount: 12_345,
      depositedAmount: 0,
      status: 'waiting',
      deposits: [],
      closedAt: null,
    });
    expect(account.id).toMatch(/^va_/);
    expect(account.accountNumber).toMatch(/^\d{7}$/);
    expect(account.expiresAt).toEqual(expiresAt);
  });

  it('answers a replay with the account issued first, even when the retry computed another deadline', async () => {
    const input = { amount: 5_000, reference: reference(), expiresAt: inDays(7) };
    const first = await bank.issueVirtualAccount(input);
    expect((await bank.issueVirtualAccount(input)).id).toBe(first.id);
    const later = await bank.issueVirtualAccount({ ...input, expiresAt: inDays(8) });
    expect(later.id).toBe(first.id);
    expect(later.expiresAt).toEqual(first.expiresAt);
  });

  it('refuses the same reference for another amount as a request error', async () => {
    const input = { amount: 5_000, reference: reference(), expiresAt: inDays(7) };
    await bank.issueVirtualAccount(input);
    const error = await providerRejection(bank.issueVirtualAccount({ ...input, amount: 6_000 }));
    expect(error).toMatchObject({ provider: 'bank', httpStatus: 409, retryable: false });
    expect(['reference_conflict', 'idempotency_key_reused']).toContain(error.code);
    expect(error.rejectedRequest).toBe(true);
  });

  it("passes on the bank's validation errors", async () => {
    const error = await providerRejection(bank.issueVirtualAccount({ amount: 10_000_000, reference: reference(), expiresAt: inDays(7) }));
    expect(error).toMatchObject({ code: 'invalid_amount', httpStatus: 422, retryable: false });
    expect(error.message).toMatch(/amount/);
  });
});

describe('reading and closing', () => {
  it('retrieves the cumulative snapshot with every deposit, and finds it by reference', async () => {
    const ref = reference();
    const issued = await bank.issueVirtualAccount({ amount: 8_000, reference: ref, expiresAt: inDays(7) });
    const event = await sandbox.deposit(issued.id, { kind: 'short' });
    const account = await bank.retrieveVirtualAccount(issued.id);
    expect(account).toMatchObject({ id: issued.id, status: 'short', depositedAmount: 7_000 });
    expect(account.deposits).toEqual([
      {
        id: event.data.deposit.id,
        amount: 7_000,
        depositorName: expect.any(String),
        depositedAt: new Date(event.data.deposit.deposited_at),
      },
    ]);
    expect((await bank.findByReference(ref))?.id).toBe(issued.id);
    expect(await bank.findByReference(`${ref}-nobody`)).toBeNull();
  });

  it('closes an account, twice harmlessly', async () => {
    const issued = await bank.issueVirtualAccount({ amount: 3_000, reference: reference(), expiresAt: inDays(7) });
    const closed = await bank.closeVirtualAccount(issued.id);
    expect(closed.closedAt).toBeInstanceOf(Date);
    expect((await bank.closeVirtualAccount(issued.id)).closedAt).toEqual(closed.closedAt);
  });

  it('reports an unknown account as not_found, not worth retrying', async () => {
    const error = await providerRejection(bank.retrieveVirtualAccount('va_doesnotexist'));
    expect(error).toMatchObject({ code: 'not_found', httpStatus: 404, retryable: false });
  });

  it("reports a wrong API key as unauthorized, which is our fault, not the request's", async () => {
    const error = await providerRejection(gatewayWith({ BANK_API_KEY: 'wrong' }).retrieveVirtualAccount('va_any'));
    expect(error).toMatchObject({ code: 'unauthorized', httpStatus: 401, retryable: false, rejectedRequest: false });
  });
});

describe('listEventsSince', () => {
  it('lists deposit events oldest first, from an inclusive time', async () => {
    const issued = await bank.issueVirtualAccount({ amount: 4_000, reference: reference(), expiresAt: inDays(7) });
    const first = await sandbox.deposit(issued.id, { kind: 'short' });
    const second = await sandbox.deposit(issued.id, { kind: 'exact' });
    const events = await bank.listEventsSince(first.created_at);
    const ids = events.map((event) => event.id);
    expect(ids).toContain(first.id);
    expect(ids.indexOf(second.id)).toBeGreaterThan(ids.indexOf(first.id));
    expect(events.find((event) => event.id === second.id)).toMatchObject({
      type: 'virtual_account.deposited',
      createdAt: second.created_at,
      virtualAccountId: issued.id,
      payload: { id: second.id, data: { virtual_account: { id: issued.id, status: 'paid' } } },
    });
    const later = new Date(Date.parse(second.created_at) + 1).toISOString();
    expect((await bank.listEventsSince(later)).map((event) => event.id)).not.toContain(second.id);
    expect((await bank.listEventsSince(undefined)).map((event) => event.id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });
});

describe('outages', () => {
  it('turns a 500 into a retryable internal_error', async () => {
    await sandbox.setFaults({ errorRate: 1 });
    const error = await providerRejection(bank.issueVirtualAccount({ amount: 1_000, reference: reference(), expiresAt: inDays(7) }));
    expect(error).toMatchObject({ code: 'internal_error', httpStatus: 500, retryable: true, rejectedRequest: false });
  });

  it('gives up after PROVIDER_TIMEOUT_MS with a retryable timeout', async () => {
    await sandbox.setFaults(CALLS_HANG);
    const error = await providerRejection(
      gatewayWith({ PROVIDER_TIMEOUT_MS: String(IMPATIENT_TIMEOUT_MS) }).retrieveVirtualAccount('va_any'),
    );
    expect(error).toMatchObject({ code: 'timeout', retryable: true, timedOut: true });
    expect(error.message).toMatch(/timed out/);
  });

  it('reports an unreachable bank as a retryable network_error', async () => {
    const nowhere = new SandboxBankGateway(loadConfig({ BANK_API_URL: 'http://127.0.0.1:9/bank' }));
    const error = await providerRejection(nowhere.retrieveVirtualAccount('va_any'));
    expect(error).toMatchObject({ code: 'network_error', retryable: true });
  });
});
