// The bank-transfer jobs: `process-bank-event` for each stored event, and the periodic
// `reconcile-bank-transfers`, which pulls the bank's event log to catch dropped webhooks and
// expires accounts whose deadline passed unpaid; the hourly `remind-bank-transfers`; and
// `refund-bank-transfers`, which pays back what over and late deposits are owed.
import type { FastifyInstance } from 'fastify';
import { countReconciliation } from '../../metrics/api-metrics';
import type { BankGateway } from '../../providers/bank/bank-gateway';
import type { ApplyBankAccountOptions } from './bank-transfer-state';
import { BANK_EVENT_JOB } from '../../providers/bank/webhook-source';
import { applyTransfer } from '../../statements/payout-run';
import { remindBankTransfers } from './bank-transfer-mails';
import { expireOverdueTransfers } from './expire-overdue-transfers';
import { REFUND_BANK_TRANSFERS_JOB, refundBankTransfers } from './refund-bank-transfers';
import { processBankEvent, type BankTransferDeps } from './process-bank-event';
import { pullBankEvents } from './pull-bank-events';

export const RECONCILE_BANK_TRANSFERS_JOB = 'reconcile-bank-transfers';
export const REMIND_BANK_TRANSFERS_JOB = 'remind-bank-transfers';
/** Hourly: the reminder goes out within the hour its two-day mark passes. */
const REMIND_EVERY_MS = 60 * 60_000;
/** Often enough that a dropped webhook is noticed within minutes; the pull is one cheap GET. */
const RECONCILE_EVERY_MS = 5 * 60_000;

export async function reconcileBankTransfers(deps: BankTransferDeps): Promise<{ pulled: number; expired: number }> {
  const pulled = await pullBankEvents(deps.db, deps.bank, deps.apply?.now);
  if (pulled > 0) deps.log.info({ pulled }, 'bank events pulled that no webhook delivered');
  const { expired } = await expireOverdueTransfers(deps);
  return { pulled, expired };
}

export function registerBankTransferJobs(app: FastifyInstance, bank: BankGateway, apply?: ApplyBankAccountOptions): void {
  const deps = (job: string): BankTransferDeps => ({
    db: app.db,
    bank,
    log: app.log.child({ job }),
    apply,
    onTransfer: async (transferId) => {
      await applyTransfer({ db: app.db, mailLinks: app.mailLinks }, await bank.getTransfer(transferId));
    },
  });
  app.jobs.handle(BANK_EVENT_JOB, async (payload) => {
    const providerEventId = Number(payload.providerEventId);
    if (!Number.isInteger(providerEventId)) throw new Error(`${BANK_EVENT_JOB}: payload has no providerEventId`);
    await processBankEvent(deps(BANK_EVENT_JOB), providerEventId);
  });
  app.jobs.handle(RECONCILE_BANK_TRANSFERS_JOB, async () => {
    countReconciliation(app.metrics, 'bank_transfers', await reconcileBankTransfers(deps(RECONCILE_BANK_TRANSFERS_JOB)));
  });
  app.jobs.every(RECONCILE_BANK_TRANSFERS_JOB, RECONCILE_EVERY_MS);
  app.jobs.handle(REMIND_BANK_TRANSFERS_JOB, async () => {
    const sent = await remindBankTransfers(app.db);
    if (sent > 0) app.log.info({ job: REMIND_BANK_TRANSFERS_JOB, sent }, 'bank transfer reminders queued');
  });
  app.jobs.every(REMIND_BANK_TRANSFERS_JOB, REMIND_EVERY_MS);
  app.jobs.handle(REFUND_BANK_TRANSFERS_JOB, async () => {
    await refundBankTransfers({ db: app.db, bank, log: app.log.child({ job: REFUND_BANK_TRANSFERS_JOB }) });
  });
  app.jobs.every(REFUND_BANK_TRANSFERS_JOB, RECONCILE_EVERY_MS);
}
