// What a supporter does with their recurring support (ADR 034): stop it (with a reason,
// for the organisation), change the monthly amount, pause it for one to three months, skip the
// next charge, or end a pause early. Each change is checked against the domain's rules, written
// with its history row in one transaction that holds the donation's row, and for a card donation
// asks for a new provider schedule (replace-card-schedule.ts) from the next charge that has not
// come yet — today's charge keeps the old terms. A stop cancels at the provider first (the card
// schedules, or the wallet charge permission): if the provider cannot be reached nothing changes,
// and no charge can follow a stop that answered.
import {
  afterSkip,
  allowedChanges,
  checkAmount,
  nextChangeableCharge,
  pauseResumesOn,
  PaymentMethodId,
  RECURRING_ERRORS,
  recurringState,
  type PauseMonths,
} from '@kifu/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { recurringDonationChanges, recurringDonations } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { CARD_PAYMENT_PROVIDER, type CardGateway } from '../providers/card/card-gateway';
import { ProviderError } from '../providers/provider-error';
import type { WalletGateway } from '../providers/wallet/wallet-gateway';
import { deleteOwnedSchedules, enqueueScheduleReplacement } from './replace-card-schedule';
import { withScheduleLease } from './schedule-lease';

type Recurring = typeof recurringDonations.$inferSelect;

/** Who asks: a signed-in supporter, or a guest holding a mailed link for the donor's email (ADR 034). */
export type RecurringCaller = { kind: 'supporter'; userId: number } | { kind: 'guest'; recurringDonationIds: readonly number[] };

export interface ManageDeps {
  db: Database;
  cardGateway: CardGateway;
  walletGateway: WalletGateway;
}

export type RecurringChange =
  | { kind: 'amount'; amount: number }
  | { kind: 'pause'; months: PauseMonths }
  | { kind: 'skip' }
  | { kind: 'resume' }
  | { kind: 'stop'; reason: string | null };

const notFound = (id: number) => new AppError('not_found', `${RECURRING_ERRORS.notFound.en} (${id})`);

function mayTouch(recurring: Recurring, caller: RecurringCaller): boolean {
  return caller.kind === 'supporter' ? recurring.userId === caller.userId : caller.recurringDonationIds.includes(recurring.id);
}

/** The caller's own recurring donation; anyone else's is the same 404 as one that does not exist. */
export async function ownRecurring(db: Database, id: number, caller: RecurringCaller, lock = false): Promise<Recurring> {
  const query = db.select().from(recurringDonations).where(eq(recurringDonations.id, id)).limit(1);
  const [recurring] = lock ? await query.for('update') : await query;
  if (!recurring || !mayTouch(recurring, caller)) throw notFound(id);
  return recurring;
}

const isCard = (recurring: Recurring) => recurring.paymentProvider === CARD_PAYMENT_PROVIDER && recurring.customerId !== null;
const chargeDayOf = (recurring: Recurring) => recurring.onDays[0] ?? Number(recurring.nextOccurrenceDate?.slice(8, 10) ?? 1);

/** The row's new values and the history row for a change other than a stop. */
function planChange(recurring: Recurring, change: Exclude<RecurringChange, { kind: 'stop' }>, now: Date) {
  const period = recurring.period === 'annual' ? 'annual' : 'monthly';
  const allowed = allowedChanges(period, recurringState(recurring, now));
  if (!allowed[change.kind]) throw new AppError('conflict', RECURRING_ERRORS.notAllowed.en);
  const day = chargeDayOf(recurring);
  switch (change.kind) {
    case 'amount': {
      if (change.amount === recurring.amount)
        throw new AppError('validation_failed', RECURRING_ERRORS.sameAmount.en, { amount: ['value'] });
      const method = recurring.paymentMethod === PaymentMethodId.WALLET_PAY ? 'walletPay' : 'creditCard';
      const checked = checkAmount(change.amount, method, 'monthly');
      if (!checked.ok)
        throw new AppError('validation_failed', `the amount must be ${checked.min}–${checked.max} yen`, {
          amount: [checked.reason === 'below_min' ? 'min' : 'max'],
        });
      return {
        row: { amount: change.amount },
        history: {
          fromAmount: recurring.amount,
          toAmount: change.amount,
          onDate: nextChangeableCharge(recurring.nextOccurrenceDate, day, now),
        },
      };
    }
    case 'pause': {
      const resumesOn = pauseResumesOn(recurring.nextOccurrenceDate, day, change.months, now);
      return { row: { pausedUntil: resumesOn, nextOccurrenceDate: resumesOn }, history: { onDate: resumesOn } };
    }
    case 'skip': {
      const { skipped, next } = afterSkip(recurring.nextOccurrenceDate, day, now);
      return { row: { nextOccurrenceDate: next }, history: { onDate: skipped } };
    }
    case 'resume': {
      const next = nextChangeableCharge(null, day, now);
      return { row: { pausedUntil: null, nextOccurrenceDate: next }, history: { onDate: next } };
    }
  }
}

async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError('bad_gateway', RECURRING_ERRORS.providerFailed.en);
    throw error;
  }
}

async function stop(deps: ManageDeps, recurring: Recurring, caller: RecurringCaller, reason: string | null, now: Date): Promise<Recurring> {
  if (recurring.status === 'stopped') throw new AppError('conflict', RECURRING_ERRORS.alreadyStopped.en);
  if (!isCard(recurring)) return stopHere(deps, recurring, caller, reason, now);
  // Holding the schedule lease (ADR 053): a replacement running now cannot create a schedule after
  // this stop deleted them all.
  const stopped = await withScheduleLease(deps.db, recurring.id, async (current) => {
    // At the provider first: once this answers, the provider charges nothing more.
    await withProvider(() => deleteOwnedSchedules(deps.cardGateway, current));
    return stopHere(deps, recurring, caller, reason, now);
  });
  if (!stopped) throw new AppError('conflict', RECURRING_ERRORS.changeInProgress.en);
  return stopped;
}

/** After the provider's schedules are gone: the wallet's charge permission, then the row and its history. */
async function stopHere(
  deps: ManageDeps,
  recurring: Recurring,
  caller: RecurringCaller,
  reason: string | null,
  now: Date,
): Promise<Recurring> {
  if (recurring.walletPayChargePermissionId)
    await withProvider(() => deps.walletGateway.closeChargePermission(recurring.walletPayChargePermissionId!, 'Stopped by the supporter'));
  return deps.db.transaction(async (tx) => {
    const locked = await ownRecurring(tx, recurring.id, caller, true);
    if (locked.status === 'stopped') return locked;
    const [stopped] = await tx
      .update(recurringDonations)
      .set({
        status: 'stopped',
        stoppedAt: now,
        stopReason: reason,
        pausedUntil: null,
        scheduleChangeRequestedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(recurringDonations.id, recurring.id))
      .returning();
    await tx
      .insert(recurringDonationChanges)
      .values({ recurringDonationId: recurring.id, kind: 'stop', reason, actor: caller.kind, createdAt: now });
    return stopped!;
  });
}

/** Applies a change and answers the donation as it now stands. */
export async function changeRecurring(
  deps: ManageDeps,
  id: number,
  caller: RecurringCaller,
  change: RecurringChange,
  now = new Date(),
): Promise<{ recurring: Recurring; scheduleChange: boolean }> {
  const recurring = await ownRecurring(deps.db, id, caller);
  if (change.kind === 'stop') return { recurring: await stop(deps, recurring, caller, change.reason, now), scheduleChange: false };
  return deps.db.transaction(async (tx) => {
    const locked = await ownRecurring(tx, id, caller, true);
    const { row, history } = planChange(locked, change, now);
    const scheduleChange = isCard(locked) && locked.status === 'active';
    const [updated] = await tx
      .update(recurringDonations)
      .set({ ...row, ...(scheduleChange ? { scheduleChangeRequestedAt: now } : {}), updatedAt: sql`now()` })
      .where(and(eq(recurringDonations.id, id)))
      .returning();
    await tx
      .insert(recurringDonationChanges)
      .values({ recurringDonationId: id, kind: change.kind, actor: caller.kind, createdAt: now, ...history });
    if (scheduleChange) await enqueueScheduleReplacement(tx, id);
    return { recurring: updated!, scheduleChange };
  });
}
