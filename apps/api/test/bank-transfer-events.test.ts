// The bank's transfer events reach Kifu's webhook inbox (ADR 074) and are settled there without a
// failing job: they name no virtual account, so until the payout run reads them the bank-event job
// marks them processed.
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { providerEvents } from '../src/db/schema/index';
import { eventually } from './helpers/eventually';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'false' },
  afterEachTest: (sandbox) => sandbox.reset(),
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveBankWebhooksAt(`${apiUrl}/webhooks/bank/`),
});

it('stores the signed transfer.failed webhook and the bank-event job marks it processed', async () => {
  const sent = await h.t.app.bankGateway.createTransfer({
    bankCode: '0005',
    branchCode: '123',
    accountType: 'ordinary',
    accountNumber: '1238888',
    accountHolder: 'トクヒ）サクラノキキン',
    amount: 18_000,
    reference: `payout-events-${Date.now()}`,
  });
  const stored = await eventually(
    async () =>
      (
        await h.t.database.db
          .select()
          .from(providerEvents)
          .where(and(eq(providerEvents.provider, 'bank'), eq(providerEvents.kind, 'transfer.failed')))
      )[0],
  );
  expect(stored.payload).toMatchObject({ data: { transfer: { id: sent.id, status: 'failed', failure_code: 'account_closed' } } });
  await h.t.app.jobs.worker.drain();
  const [processed] = await h.t.database.db.select().from(providerEvents).where(eq(providerEvents.id, stored.id));
  expect(processed?.processedAt).toBeInstanceOf(Date);
});
