// Refunding a gift from the console (ADR 064). Three steps, each safe to run twice:
// 1. `requestRefund` writes the refund `pending` under a lock on the gift — the browser's key for the
//    press of the button makes a second click, a retry or a reload answer the same refund, and a
//    gift has at most one refund under way, so what is left to refund is always known. The
//    request that wrote it holds it (`locked_until`) while it asks the provider.
// 2. `sendClaimed` asks the provider. A refund it already made is found, not made again: the bank
//    and the wallet take our idempotency key; the card gateway has none, so its refunds carry our
//    refund's id in their metadata and a retry lists the charge's refunds first. A refusal marks the
//    refund failed with the provider's code; an outage (or a wallet refund still under way) leaves
//    it pending for the job (`retry-gift-refunds`), which also takes over refunds whose holder
//    crashed once their hold runs out.
// 3. `completeRefund` applies it in one transaction: the gift's refunded amount, status, fee and
//    net; the reward's unit back on a full refund; the gift's receipt voided (and a new one for what
//    it kept after a partial refund) and any combined receipt holding it voided; the supporter's
//    mail; the audit log.
import { api, refundableAmount, type RefundRefusal } from '@kifu/domain';
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { donations, giftRefunds, portfolioDonations, receipts } from '../db/schema/index';
import { releaseReward } from '../donations/reward-stock';
import { paidAmounts } from '../donations/paid-amounts';
import { enqueuePublicPagesRefresh } from '../public-pages/refresh-public-pages';
import { AppError } from '../lib/app-error';
import type { MailLinks } from '../mail/mail-links';
import type { BankGateway } from '../providers/bank/bank-gateway';
import { CARD_PAYMENT_PROVIDER, type CardGateway } from '../providers/card/card-gateway';
import { ProviderError } from '../providers/provider-error';
import { WALLET_PROVIDER, type WalletGateway } from '../providers/wallet/wallet-gateway';
import { issueGiftReceipt } from '../receipts/issue-receipt';
import { recordAudit } from './audit-log';
import type { ConsoleCaller } from './console-access';
import { queueGiftRefunded, type RefundedReceipt } from './refund-mail';
import { BANK_TRANSFER_PROVIDER } from '../payments/bank-transfer/bank-transfer-state';

export interface RefundDeps {
  db: Database;
  card: CardGateway;
  bank: BankGateway;
  wallet: WalletGateway;
  mailLinks: MailLinks;
  log: FastifyBaseLogger;
}

export type GiftRefundRow = typeof giftRefunds.$inferSelect;
type RefundProvider = 'card' | 'bank' | 'wallet';

/** The card gateway's refund metadata key naming our refund (a retry finds it by this). */
export const REFUND_METADATA_KEY = 'kifu_refund_id';
/** The bank's and the wallet's idempotency key of a refund. */
export const refundKey = (refundId: number) => `kifu-gift-refund-${refundId}`;

const refused = (reason: RefundRefusal, detail: string) =>
  new AppError(reason === 'over_refundable' ? 'unprocessable' : 'conflict', `${reason}: ${detail}`);

/** Which provider gives the money back: the one that took it. */
function providerOf(payment: { provider: string | null }): RefundProvider | null {
  if (payment.provider === CARD_PAYMENT_PROVIDER) return 'card';
  if (payment.provider === BANK_TRANSFER_PROVIDER) return 'bank';
  if (payment.provider === WALLET_PROVIDER) return 'wallet';
  return null;
}

/**
 * The provider and its payment id of a gift. A portfolio gift's parts share one charge, held by the
 * part that was paid through the provider (donations.payment_id is unique per provider).
 */
async function paymentOf(db: Database, gift: typeof donations.$inferSelect) {
  if (gift.paymentId || gift.portfolioDonationId === null) return { provider: gift.paymentProvider, paymentId: gift.paymentId };
  const [lead] = await db
    .select({ provider: donations.paymentProvider, paymentId: donations.paymentId })
    .from(donations)
    .where(and(eq(donations.portfolioDonationId, gift.portfolioDonationId), isNotNull(donations.paymentId)))
    .limit(1);
  if (lead) return lead;
  const [portfolio] = await db
    .select({ provider: portfolioDonations.paymentProvider, paymentId: portfolioDonations.paymentId })
    .from(portfolioDonations)
    .where(eq(portfolioDonations.id, gift.portfolioDonationId))
    .limit(1);
  return portfolio ?? { provider: null, paymentId: null };
}

/** Step 1: the refund written pending, or the one this key already asked for. */
export async function requestRefund(
  deps: RefundDeps,
  caller: Pick<ConsoleCaller, 'associate' | 'userId' | 'label'>,
  donationId: number,
  body: api.RefundRequestBody,
): Promise<GiftRefundRow> {
  const refund = await deps.db.transaction(async (tx) => {
    const [gift] = await tx
      .select()
      .from(donations)
      .where(and(eq(donations.id, donationId), eq(donations.associateId, caller.associate.id)))
      .for('update');
    if (!gift) throw new AppError('not_found', `gift ${donationId} not found`);
    const [asked] = await tx
      .select()
      .from(giftRefunds)
      .where(and(eq(giftRefunds.donationId, donationId), eq(giftRefunds.requestKey, body.request_key)))
      .limit(1);
    if (asked) return asked;
    const [underWay] = await tx
      .select({ id: giftRefunds.id })
      .from(giftRefunds)
      .where(and(eq(giftRefunds.donationId, donationId), eq(giftRefunds.status, 'pending')))
      .limit(1);
    if (underWay) throw refused('refund_under_way', `refund ${underWay.id} of this gift is still with the provider`);
    const refundable = refundableAmount(gift);
    if (refundable === 0) throw refused('not_refundable', `gift ${donationId} is ${gift.status} and keeps nothing to refund`);
    if (body.amount > refundable) throw refused('over_refundable', `at most ${refundable} can be refunded`);
    const payment = await paymentOf(tx, gift);
    const provider = providerOf(payment);
    if (!provider || !payment.paymentId)
      throw refused('not_refundable', `gifts paid through ${payment.provider ?? 'nothing'} are refunded by Kifu's staff`);
    const [created] = await tx
      .insert(giftRefunds)
      .values({
        donationId,
        amount: body.amount,
        reason: body.reason,
        requestKey: body.request_key,
        requestedBy: caller.userId,
        requestedByLabel: caller.label,
        provider,
        // This request asks the provider: held for it, so a replay of its key cannot ask too.
        lockedUntil: new Date(Date.now() + REFUND_LEASE_MS),
        attempts: 1,
      })
      .returning();
    return { ...created!, fresh: true };
  });
  // A replay of the key answers the refund as it stands; only the request that wrote it asks.
  if (!('fresh' in refund)) return refund;
  const { fresh: _fresh, ...row } = refund;
  return sendClaimed(deps, row);
}

/** Long enough for one provider call and its completion; a crash frees the refund after it. */
export const REFUND_LEASE_MS = 2 * 60_000;

/** The wallet's charge behind a gift: a one-off gift keeps its checkout session, an occurrence of recurring support its charge. */
async function walletChargeOf(wallet: WalletGateway, paymentId: string): Promise<string> {
  try {
    const session = await wallet.getCheckoutSession(paymentId);
    return session.chargeId ?? paymentId;
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'ResourceNotFound') return paymentId;
    throw error;
  }
}

/**
 * The provider's refund for this row: the one it already made, or a new one. Card and bank refunds
 * are done when answered; the wallet's may still be under way (`settled: false`).
 */
async function askProvider(deps: RefundDeps, refund: GiftRefundRow, paymentId: string): Promise<{ id: string; settled: boolean }> {
  if (refund.provider === 'wallet') {
    const made = refund.providerRefundId
      ? await deps.wallet.getRefund(refund.providerRefundId)
      : await deps.wallet.refund(await walletChargeOf(deps.wallet, paymentId), refund.amount, refundKey(refund.id));
    if (made.state === 'declined')
      throw new ProviderError('wallet', made.reason ?? 'declined', 'the wallet declined the refund', { httpStatus: 422, retryable: false });
    return { id: made.id, settled: made.state === 'refunded' };
  }
  // A bank-transfer gift's payment id is its virtual account's id at the bank.
  if (refund.provider === 'bank') return { id: (await deps.bank.refund(paymentId, refund.amount, refundKey(refund.id))).id, settled: true };
  const made = (await deps.card.listRefunds(paymentId)).find(
    (candidate) => String(candidate.metadata[REFUND_METADATA_KEY]) === String(refund.id),
  );
  if (made) return { id: made.id, settled: true };
  const created = await deps.card.refund(paymentId, refund.amount, { [REFUND_METADATA_KEY]: refund.id, donation_id: refund.donationId });
  return { id: created.id, settled: true };
}

/**
 * Step 2, by whoever holds the refund: asks the provider and completes the refund. A refusal fails
 * it; an outage, or a wallet refund still under way, leaves it pending for the job to ask again.
 */
async function sendClaimed(deps: RefundDeps, row: GiftRefundRow): Promise<GiftRefundRow> {
  const [gift] = await deps.db.select().from(donations).where(eq(donations.id, row.donationId)).limit(1);
  const payment = await paymentOf(deps.db, gift!);
  try {
    const made = await askProvider(deps, row, payment.paymentId!);
    if (made.settled) return await completeRefund(deps, row.id, made.id);
    const [waiting] = await deps.db
      .update(giftRefunds)
      .set({ providerRefundId: made.id, lockedUntil: new Date(Date.now() + REFUND_RECHECK_MS) })
      .where(and(eq(giftRefunds.id, row.id), eq(giftRefunds.status, 'pending')))
      .returning();
    return waiting ?? (await refundById(deps.db, row.id))!;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A refusal (charge not refundable, more than it holds) will not change by asking again.
    const failed = error.rejectedRequest;
    const [updated] = await deps.db
      .update(giftRefunds)
      .set(
        failed
          ? { status: 'failed', lastError: error.code }
          : { lastError: error.code, lockedUntil: new Date(Date.now() + REFUND_RECHECK_MS) },
      )
      .where(and(eq(giftRefunds.id, row.id), eq(giftRefunds.status, 'pending')))
      .returning();
    deps.log.warn(
      { refundId: row.id, code: error.code, failed },
      failed ? 'gift refund refused by the provider' : 'gift refund not sent; asked again by the job',
    );
    return updated ?? (await refundById(deps.db, row.id))!;
  }
}

/** How soon the job asks again after an outage, or reads a wallet refund still under way. */
export const REFUND_RECHECK_MS = 60_000;

/** Takes a pending refund whose holder is gone or done waiting; undefined when someone holds it. */
async function claimRefund(db: Database, refundId: number, now: Date): Promise<GiftRefundRow | undefined> {
  const [row] = await db
    .update(giftRefunds)
    .set({ attempts: sql`${giftRefunds.attempts} + 1`, lockedUntil: new Date(now.getTime() + REFUND_LEASE_MS) })
    .where(and(eq(giftRefunds.id, refundId), eq(giftRefunds.status, 'pending'), lt(giftRefunds.lockedUntil, now)))
    .returning();
  return row;
}

async function refundById(db: Database, refundId: number): Promise<GiftRefundRow | undefined> {
  const [row] = await db.select().from(giftRefunds).where(eq(giftRefunds.id, refundId)).limit(1);
  return row;
}

/** Step 3: the provider gave the money back; the gift and everything counting it follow, once. */
export async function completeRefund(deps: RefundDeps, refundId: number, providerRefundId: string): Promise<GiftRefundRow> {
  return deps.db.transaction(async (tx) => {
    const [pending] = await tx.select().from(giftRefunds).where(eq(giftRefunds.id, refundId)).limit(1);
    if (!pending) throw new Error(`gift refund ${refundId} vanished`);
    const [gift] = await tx.select().from(donations).where(eq(donations.id, pending.donationId)).for('update');
    const [refund] = await tx
      .update(giftRefunds)
      .set({ status: 'completed', providerRefundId, completedAt: new Date(), lastError: null })
      .where(and(eq(giftRefunds.id, refundId), eq(giftRefunds.status, 'pending')))
      .returning();
    // Completed by a concurrent run (the job beside the request): its transaction did the rest.
    if (!refund) return (await refundById(tx, refundId))!;
    const refundedAmount = gift!.refundedAmount + refund.amount;
    const full = refundedAmount >= gift!.amount;
    const kept = gift!.amount - refundedAmount;
    // Kifu keeps no fee on money given back (ADR 064): the fee and the net follow what the gift kept.
    const amounts = full ? { commission: 0, transferAmount: 0 } : paidAmounts({ ...gift!, amount: kept });
    await tx
      .update(donations)
      .set({ refundedAmount, status: full ? 'refunded' : gift!.status, ...amounts, updatedAt: sql`now()` })
      .where(eq(donations.id, gift!.id));
    // The fee given back goes on the month's statement beside the refund (ADR 073, ADR 075).
    await tx
      .update(giftRefunds)
      .set({ feeReturned: gift!.commission - amounts.commission })
      .where(eq(giftRefunds.id, refund.id));
    if (full && gift!.rewardId !== null) await releaseReward(tx, gift!.rewardId);
    // The campaign's and the associate's public figures drop with it (ADR 020).
    await enqueuePublicPagesRefresh(tx);
    const receipt = await voidReceipts(tx, gift!.id, !full);
    await queueGiftRefunded(tx, { refund, kept, receipt }, deps.mailLinks);
    await recordAudit(
      tx,
      { associate: { id: gift!.associateId }, userId: refund.requestedBy, label: refund.requestedByLabel },
      {
        action: 'refund',
        subject: `donation:${gift!.id}`,
        detail: { amount: refund.amount, refunded_total: refundedAmount, full, reason: refund.reason },
      },
    );
    return refund;
  });
}

/**
 * Voids the gift's receipt and any combined receipt holding the gift. After a partial refund the
 * gift gets a new receipt for what it kept when it had one; a combined receipt is made again the
 * next time the supporter asks for it. Says what the supporter's mail tells of it.
 */
async function voidReceipts(tx: Database, donationId: number, reissue: boolean): Promise<RefundedReceipt> {
  const now = new Date();
  const voided = await tx
    .update(receipts)
    .set({ supersededAt: now })
    .where(and(eq(receipts.kind, 'gift'), eq(receipts.donationId, donationId), isNull(receipts.supersededAt)))
    .returning({ id: receipts.id });
  const combined = await tx
    .update(receipts)
    .set({ supersededAt: now })
    .where(
      and(
        eq(receipts.kind, 'combined'),
        isNull(receipts.supersededAt),
        sql`${receipts.donationIds} @> ${JSON.stringify([donationId])}::jsonb`,
      ),
    )
    .returning({ id: receipts.id });
  if (reissue && voided.length > 0) {
    const { receipt } = await issueGiftReceipt(tx, donationId, { handOut: false, now });
    return { reissued: receipt.number };
  }
  return voided.length > 0 || combined.length > 0 ? 'voided' : null;
}

/** The job's run: refunds a crash, an outage or a slow wallet left pending, oldest first. */
export async function retryPendingRefunds(
  deps: RefundDeps,
  now = new Date(),
): Promise<{ completed: number; failed: number; pending: number }> {
  const due = await deps.db
    .select({ id: giftRefunds.id })
    .from(giftRefunds)
    .where(and(eq(giftRefunds.status, 'pending'), lt(giftRefunds.lockedUntil, now)))
    .orderBy(asc(giftRefunds.lockedUntil))
    .limit(100);
  const result = { completed: 0, failed: 0, pending: 0 };
  for (const { id } of due) {
    const claimed = await claimRefund(deps.db, id, now);
    if (claimed) result[(await sendClaimed(deps, claimed)).status as keyof typeof result]++;
  }
  return result;
}
