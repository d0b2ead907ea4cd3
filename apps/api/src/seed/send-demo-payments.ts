// The demo's seeded paid gifts told to the provider sandbox (ADR 072). The seed writes gifts paid
// long before the sandbox started, whose charges, wallet charges and bank accounts the sandbox
// (memory only) never held, so their refunds from the console were refused. With
// SEND_DEMO_PAYMENTS_TO_SANDBOX on (npm start, npm run dev; refused in production), a job sends the
// sandbox's card gateway, wallet and bank each paid payment the seed made — its id, amount, payment
// time and what was refunded of it — and each holds them as paid (apps/sandbox/src/shared/payment-history.ts).
// - Only the seed's ids: those starting with DEMO_PAYMENT_PREFIXES, which no provider gives.
// - Only to the sandbox (SANDBOX_URL), whatever the providers' own URLs are.
// - Idempotent at the sandbox: a payment it holds already is left as it is, so a restart of the API
//   adds nothing twice and never undoes a refund made since.
// - Queued when the app is ready and then every SEND_EVERY_MS (a sandbox restarted alone, as
//   `npm run dev` does when its code changes, learns the history again), retried with backoff while
//   the sandbox is not up yet (the local stack starts both at once).
// - Logs counts only: no gift, supporter or id.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { donations, portfolioDonations } from '../db/schema/index';
import { periodicDedupeKey } from '../jobs/job-worker';
import { enqueueJob } from '../jobs/enqueue-job';
import { BANK_PROVIDER } from '../providers/bank/bank-gateway';
import { CARD_PAYMENT_PROVIDER } from '../providers/card/card-gateway';
import { WALLET_PROVIDER } from '../providers/wallet/wallet-gateway';

export const SEND_DEMO_PAYMENTS_JOB = 'send-demo-payments-to-sandbox';
/** Often enough that a sandbox restarted alone holds the demo's payments again within minutes. */
const SEND_EVERY_MS = 10 * 60_000;
/** The first run is retried with backoff (1 s, 2 s, 4 s, …): about half an hour in all. */
const START_ATTEMPTS = 12;
/** The sandbox takes at most 1,000 payments a call. */
const BATCH = 500;

/** Payment ids only the demo's seed gives (seed-donations.ts, plan-console-gifts.ts). */
export const DEMO_PAYMENT_PREFIXES = {
  card: 'chrg_demo_',
  wallet: 'demo-wallet-',
  bank: 'va_demo_',
} as const;

type Emulator = keyof typeof DEMO_PAYMENT_PREFIXES;
const PROVIDER_OF: Record<Emulator, string> = { card: CARD_PAYMENT_PROVIDER, wallet: WALLET_PROVIDER, bank: BANK_PROVIDER };

/** One payment as the sandbox's history call takes it. */
export interface DemoPayment {
  id: string;
  amount: number;
  paid_at: string;
  refunded_amount: number;
}

const received = inArray(donations.status, ['paid', 'refunded']);

/** The demo's paid payments at `emulator`, oldest first. */
export async function demoPayments(db: Database, emulator: Emulator): Promise<DemoPayment[]> {
  const prefix = DEMO_PAYMENT_PREFIXES[emulator];
  const gifts = await db
    .select({ id: donations.paymentId, amount: donations.amount, paidAt: donations.paidAt, refunded: donations.refundedAmount })
    .from(donations)
    .where(
      and(
        eq(donations.paymentProvider, PROVIDER_OF[emulator]),
        sql`starts_with(${donations.paymentId}, ${prefix})`,
        received,
        isNotNull(donations.paidAt),
      ),
    )
    .orderBy(donations.paidAt, donations.id);
  // A portfolio gift is one charge shared by its parts, each refunded on its own (ADR 064).
  const portfolios =
    emulator === 'card'
      ? await db
          .select({
            id: portfolioDonations.paymentId,
            amount: portfolioDonations.amount,
            paidAt: portfolioDonations.paidAt,
            refunded: sql<number>`(select coalesce(sum(${donations.refundedAmount}), 0)::int from ${donations}
              where ${donations.portfolioDonationId} = ${portfolioDonations.id})`,
          })
          .from(portfolioDonations)
          .where(
            and(
              eq(portfolioDonations.paymentProvider, CARD_PAYMENT_PROVIDER),
              sql`starts_with(${portfolioDonations.paymentId}, ${prefix})`,
              inArray(portfolioDonations.status, ['paid', 'refunded']),
              isNotNull(portfolioDonations.paidAt),
            ),
          )
      : [];
  return [...gifts, ...portfolios].map((row) => ({
    id: row.id!,
    amount: row.amount,
    paid_at: row.paidAt!.toISOString(),
    refunded_amount: Number(row.refunded),
  }));
}

export interface SendDemoPaymentsDeps {
  db: Database;
  sandboxUrl: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** Sends every emulator its demo payments; throws (for the job to retry) when the sandbox does not take them. */
export async function sendDemoPayments(deps: SendDemoPaymentsDeps): Promise<Record<Emulator, { held: number; known: number }>> {
  const result = { card: { held: 0, known: 0 }, wallet: { held: 0, known: 0 }, bank: { held: 0, known: 0 } };
  for (const emulator of Object.keys(DEMO_PAYMENT_PREFIXES) as Emulator[]) {
    const payments = await demoPayments(deps.db, emulator);
    for (let start = 0; start < payments.length; start += BATCH) {
      const response = await fetch(`${deps.sandboxUrl}/${emulator}/__payment-history`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payments: payments.slice(start, start + BATCH) }),
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
      // The sandbox's answer names no payment either, but it is not ours to log: only its status.
      if (!response.ok) throw new Error(`the sandbox's ${emulator} history answered ${response.status}`);
      const answer = (await response.json()) as { held: number; known: number };
      result[emulator].held += answer.held;
      result[emulator].known += answer.known;
    }
  }
  deps.log.info(result, "the sandbox holds the demo's payments");
  return result;
}

/** Registers the job and queues its first run once the app is ready; nothing at all with the flag off. */
export function registerSendDemoPayments(app: FastifyInstance): void {
  if (!app.config.SEND_DEMO_PAYMENTS_TO_SANDBOX) return;
  const deps = {
    db: app.db,
    sandboxUrl: app.config.SANDBOX_URL,
    timeoutMs: app.config.PROVIDER_TIMEOUT_MS,
    log: app.log.child({ job: SEND_DEMO_PAYMENTS_JOB }),
  };
  app.jobs.handle(SEND_DEMO_PAYMENTS_JOB, async () => {
    await sendDemoPayments(deps);
  });
  app.jobs.every(SEND_DEMO_PAYMENTS_JOB, SEND_EVERY_MS);
  // Under the periodic copy's key: the worker's first tick then adds no second copy, and this one
  // is retried while the sandbox is still starting.
  app.addHook('onReady', async () => {
    await enqueueJob(app.db, {
      kind: SEND_DEMO_PAYMENTS_JOB,
      dedupeKey: periodicDedupeKey(SEND_DEMO_PAYMENTS_JOB),
      maxAttempts: START_ATTEMPTS,
    });
  });
}
