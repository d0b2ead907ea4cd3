// What the bank adapter's contract tests share: a sandbox bank over real HTTP for the whole file, the
// adapter pointed at it (and a way to build one with other settings), and no fault left set after a
// test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { SandboxBankGateway } from '../../src/providers/bank/sandbox-bank-gateway';
import { startBankSandbox, type BankSandbox } from './start-bank-sandbox';

export interface BankGatewayBed {
  sandbox: BankSandbox;
  bank: SandboxBankGateway;
  gatewayWith(env?: Record<string, string>): SandboxBankGateway;
}

/** Registers the file's hooks; the fields are set once its beforeAll has run. */
export function useBankGatewayBed(): BankGatewayBed {
  const bed = {} as BankGatewayBed;
  beforeAll(async () => {
    bed.sandbox = await startBankSandbox();
    bed.gatewayWith = (env = {}) => new SandboxBankGateway(loadConfig({ SANDBOX_URL: bed.sandbox.url, ...env }));
    bed.bank = bed.gatewayWith();
  });
  afterEach(() => bed.sandbox.setFaults({ errorRate: 0, timeoutRate: 0, dropWebhookRate: 0 }));
  afterAll(() => bed.sandbox.close());
  return bed;
}
