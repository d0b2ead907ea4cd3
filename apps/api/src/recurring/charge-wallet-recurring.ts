// Job `charge-wallet-recurring-donations`: a monthly wallet pay gift has no provider schedule — the
// merchant charges its recurring charge permission itself each cycle (providers.md "Wallet pay").
// Every run takes the active monthly wallet donations whose next_occurrence_date (a date in Japan)
// has come and, for each:
//   provider charge (idempotency key = recurring donation + occurrence date, so a run repeated
//   before we commit replays the provider's first answer and charges once)
//     Captured ─────────── occurrence donation paid (commission, transfer amount, thank-you mail)
//     declined / refused ─ occurrence donation failed, reason_of_payment_failed = the provider's code;
//                          the month is tried again the next two days, then the gift is suspended
//                          (the supporter and the organisation are mailed, as for a card, ADR 034)
//     outage, timeout ──── nothing recorded; the next run asks again with the same key
//   then, in the same transaction, next_occurrence_date moves one month on. The move is
//   conditional on the date just charged, so a concurrent or repeated run records the month once.
import { japanIsoDate, nextMonthlyCharge } from '@kifu/domain';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { donations, recurringDonations } from '../db/schema/index';
import { inLanes } from '../lib/in-lanes';
import { ProviderError } from '../providers/provider-error';
import { WALLET_PROVIDER, type WalletCharge, type WalletGateway } from '../providers/wallet/wallet-gateway';
import type { SettlementContext } from '../donations/settle-donation-effects';
import { insertOccurrence, type RecurringDonation } from './record-occurrence';
import { queueSuspendedMails } from './recurring-mails';

export const CHARGE_WALLET_RECURRING_JOB = 'charge-wallet-recurring-donations';
/**
 * Charges in flight at once: each mostly waits on the provider, and each month is still charged
 * and recorded once (its own idempotency key and conditional date move), whatever the order.
 */
const LANES = 8;

export interface WalletRecurringDeps extends SettlementContext {
  db: Database;
  gateway: WalletGateway;
  log: FastifyBaseLogger;
  /** Months per run (WALLET_RECURRING_BATCH); a full batch queues the next run at once (`more`). */
  batch: number;
}

export interface WalletRecurringResult {
  paid: number;
  failed: number;
  /** The provider could not be asked; retried next run. */
  deferred: number;
  /**
   * A full batch that recorded something: more may be due, and the job runs again at once instead
   * of at its next hourly turn (a giving day's thousands of months would otherwise take days). A
   * batch that recorded nothing (the provider is away) waits for the hourly turn, so an outage is
   * not retried in a tight loop.
   */
  more: boolean;
}

/** The provider idempotency key of one cycle of one recurring donation. */
export const walletCycleKey = (recurringDonationId: number, occurrenceOn: string) => `recurring:${recurringDonationId}:${occurrenceOn}`;

type Recurring = RecurringDonation;
type Outcome = { status: 'paid'; charge: WalletCharge } | { status: 'failed'; reason: string };

/** The month after `on` (YYYY-MM-DD), on the recurring donation's day. */
function followingOccurrence(recurring: Recurring, on: string): string {
  const next = nextMonthlyCharge(new Date(`${on}T12:00:00+09:00`));
  const day = recurring.onDays[0];
  return day === undefined ? next.on : `${next.on.slice(0, 8)}${String(Math.min(day, 28)).padStart(2, '0')}`;
}

/** A declined month is tried again the next two days, as a card provider's schedule does; then the gift is suspended. */
export const WALLET_MAX_ATTEMPTS = 3;

/** The failed tries of the month being retried: the declined charges since the last one that was paid. */
async function failedTries(tx: Database, recurring: Recurring): Promise<number> {
  if (!recurring.firstPaymentFailedAt) return 0;
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(donations)
    .where(
      and(
        eq(donations.recurringDonationId, recurring.id),
        eq(donations.status, 'failed'),
        sql`${donations.id} > coalesce((select max(${donations.id}) from ${donations} where ${donations.recurringDonationId} = ${recurring.id} and ${donations.status} = 'paid'), 0)`,
      ),
    );
  return Number(row?.count ?? 0);
}

/** What the charge changes on the donation: the next date, and a streak of declines (retried, then suspended). */
async function afterCharge(tx: Database, recurring: Recurring, on: string, outcome: Outcome, now: Date) {
  // While a month is retried, its own date is the day of its first failure.
  const month = recurring.firstPaymentFailedAt ? japanIsoDate(recurring.firstPaymentFailedAt) : on;
  if (outcome.status === 'paid') {
    return { nextOccurrenceDate: followingOccurrence(recurring, month), lastChargedAt: now, firstPaymentFailedAt: null };
  }
  const tries = (await failedTries(tx, recurring)) + 1;
  const failing = { lastFailedAt: now, firstPaymentFailedAt: recurring.firstPaymentFailedAt ?? now };
  if (tries < WALLET_MAX_ATTEMPTS) return { ...failing, nextOccurrenceDate: japanIsoDate(new Date(now.getTime() + 86_400_000)) };
  return { ...failing, nextOccurrenceDate: followingOccurrence(recurring, month), status: 'suspended' as const, suspendedAt: now };
}

async function recordOccurrence(
  deps: WalletRecurringDeps,
  recurring: Recurring,
  on: string,
  outcome: Outcome,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const changes = await afterCharge(tx, recurring, on, outcome, now);
    const [moved] = await tx
      .update(recurringDonations)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(
        and(
          eq(recurringDonations.id, recurring.id),
          eq(recurringDonations.nextOccurrenceDate, on),
          eq(recurringDonations.status, 'active'),
        ),
      )
      .returning({ id: recurringDonations.id });
    if (!moved) return false;
    await insertOccurrence(
      tx,
      recurring,
      {
        paymentProvider: WALLET_PROVIDER,
        paymentId: outcome.status === 'paid' ? outcome.charge.id : null,
        amount: recurring.amount,
        outcome: outcome.status === 'paid' ? { status: 'paid', paidAt: now } : { status: 'failed', reason: outcome.reason },
      },
      deps,
    );
    if ('status' in changes && deps.mailLinks) await queueSuspendedMails(tx, recurring.id, now, deps.mailLinks);
    return true;
  });
}

export async function chargeWalletRecurringDonations(deps: WalletRecurringDeps, now: Date = new Date()): Promise<WalletRecurringResult> {
  const due = await deps.db
    .select()
    .from(recurringDonations)
    .where(
      and(
        eq(recurringDonations.status, 'active'),
        eq(recurringDonations.paymentProvider, WALLET_PROVIDER),
        eq(recurringDonations.period, 'monthly'),
        isNotNull(recurringDonations.walletPayChargePermissionId),
        isNotNull(recurringDonations.associateId),
        lte(recurringDonations.nextOccurrenceDate, japanIsoDate(now)),
      ),
    )
    .orderBy(asc(recurringDonations.nextOccurrenceDate))
    .limit(deps.batch);

  const result: WalletRecurringResult = { paid: 0, failed: 0, deferred: 0, more: false };
  await inLanes(due, LANES, async (recurring) => {
    const on = recurring.nextOccurrenceDate!;
    let outcome: Outcome;
    try {
      const charge = await deps.gateway.createRecurringCharge({
        chargePermissionId: recurring.walletPayChargePermissionId!,
        amount: recurring.amount,
        idempotencyKey: walletCycleKey(recurring.id, on),
      });
      outcome = charge.state === 'Captured' ? { status: 'paid', charge } : { status: 'failed', reason: charge.reasonCode ?? charge.state };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (!error.rejectedRequest) {
        result.deferred++;
        deps.log.warn(
          { recurringDonationId: recurring.id, on, code: error.code },
          'wallet recurring charge could not be made; retried next run',
        );
        return;
      }
      outcome = { status: 'failed', reason: error.code };
    }
    if (await recordOccurrence(deps, recurring, on, outcome, now)) result[outcome.status]++;
  });
  result.more = due.length === deps.batch && result.paid + result.failed > 0;
  if (due.length > 0) deps.log.info({ ...result, due: due.length }, 'wallet recurring donations charged');
  return result;
}
