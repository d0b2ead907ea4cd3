// A gift's page in the console (ADR 060): its row, the supporter's details where they gave them
// openly, their message and survey answers, and its timeline — made, 3-D Secure, the bank account
// issued, paid or failed, each mail about it, its receipt. An anonymous gift shows amount, date and
// message only (spec §5).
import { api, refundableAmount, type Locale } from '@kifu/domain';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  donationMessages,
  giftRefunds,
  mailOutbox,
  providerEvents,
  receipts,
  recurringDonations,
  surveyAnswers,
  surveyChoices,
  surveyQuestions,
  virtualAccounts,
} from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { CARD_PAYMENT_PROVIDER } from '../providers/card/card-gateway';
import { localizer } from '../lib/localize';
import { donorAddressOf } from '../receipts/receipt-for-document';
import { consoleGiftOf, consoleGiftRow } from './console-gifts';

type TimelineEntry = api.ConsoleGiftDetail['timeline'][number];

const at = (date: Date) => date.toISOString();

async function timelineOf(db: Database, row: NonNullable<Awaited<ReturnType<typeof consoleGiftRow>>>): Promise<TimelineEntry[]> {
  const { gift } = row;
  const entries: TimelineEntry[] = [{ event: 'created', at: at(gift.createdAt), detail: null }];
  const [secured, account, mails, issued] = await Promise.all([
    // The card gateway's word that the charge finished, after the bank's 3-D Secure page. Read by
    // the charge id inside the stored event: one gift's page, not a list.
    gift.paymentId && gift.paymentProvider === CARD_PAYMENT_PROVIDER
      ? db
          .select({
            at: providerEvents.receivedAt,
            authorized: sql<boolean | null>`(${providerEvents.payload}->'data'->>'authorized')::boolean`,
          })
          .from(providerEvents)
          .where(
            and(
              // The card gateway's webhooks are stored under 'card' (providers/card/webhook-source.ts).
              eq(providerEvents.provider, 'card'),
              eq(providerEvents.kind, 'charge.complete'),
              sql`${providerEvents.payload}->'data'->>'id' = ${gift.paymentId}`,
            ),
          )
          .orderBy(asc(providerEvents.receivedAt))
          .limit(1)
      : [],
    db.select({ at: virtualAccounts.createdAt }).from(virtualAccounts).where(eq(virtualAccounts.donationId, gift.id)).limit(1),
    db
      .select({ template: mailOutbox.template, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.donationId, gift.id))
      .orderBy(asc(mailOutbox.createdAt)),
    db
      .select({ number: receipts.number, issuedAt: receipts.issuedAt, kind: receipts.kind })
      .from(receipts)
      .where(or(eq(receipts.donationId, gift.id), sql`${receipts.donationIds} @> ${JSON.stringify([gift.id])}::jsonb`))
      .orderBy(asc(receipts.issuedAt)),
  ]);
  for (const event of secured)
    entries.push({ event: 'three_d_secure', at: at(event.at), detail: event.authorized === false ? 'failed' : 'authenticated' });
  for (const issuedAccount of account) entries.push({ event: 'account_issued', at: at(issuedAccount.at), detail: null });
  if (gift.paidAt) entries.push({ event: 'paid', at: at(gift.paidAt), detail: null });
  if (gift.status === 'failed') entries.push({ event: 'failed', at: at(gift.updatedAt), detail: gift.reasonOfPaymentFailed });
  for (const mail of mails) entries.push({ event: 'mailed', at: at(mail.sentAt ?? mail.createdAt), detail: mail.template });
  for (const receipt of issued) entries.push({ event: 'receipt_issued', at: at(receipt.issuedAt), detail: receipt.number });
  return entries.sort(inTimelineOrder);
}

/**
 * Earlier events first; within one second, in the order a gift's life runs (GIFT_EVENTS). The card
 * gateway and the bank stamp whole seconds, so a gift's payment can read a few hundred milliseconds
 * older than its own row: by the clock alone "paid" would come before "created".
 */
function inTimelineOrder(a: TimelineEntry, b: TimelineEntry): number {
  const second = (entry: TimelineEntry) => entry.at.slice(0, 19);
  return (
    second(a).localeCompare(second(b)) || api.GIFT_EVENTS.indexOf(a.event) - api.GIFT_EVENTS.indexOf(b.event) || a.at.localeCompare(b.at)
  );
}

async function surveyOf(db: Database, donationId: number, recurringId: number | null, lang: Locale) {
  const localize = localizer(lang);
  const rows = await db
    .select({
      question: surveyQuestions.question,
      questionEn: surveyQuestions.questionEn,
      label: surveyChoices.label,
      labelEn: surveyChoices.labelEn,
      text: surveyAnswers.text,
    })
    .from(surveyAnswers)
    .innerJoin(surveyQuestions, eq(surveyQuestions.id, surveyAnswers.questionId))
    .leftJoin(surveyChoices, eq(surveyChoices.id, surveyAnswers.choiceId))
    .where(
      recurringId === null
        ? eq(surveyAnswers.donationId, donationId)
        : or(eq(surveyAnswers.donationId, donationId), eq(surveyAnswers.recurringDonationId, recurringId)),
    )
    .orderBy(asc(surveyQuestions.sortOrder), asc(surveyAnswers.id));
  return rows.map((row) => ({
    question: localize(row, 'question'),
    answer: row.label !== null ? localize({ label: row.label, labelEn: row.labelEn }, 'label') : (row.text ?? ''),
  }));
}

export async function consoleGiftDetail(
  db: Database,
  associateId: number,
  donationId: number,
  lang: Locale,
): Promise<api.ConsoleGiftDetail> {
  const row = await consoleGiftRow(db, associateId, donationId);
  if (!row) throw new AppError('not_found', `gift ${donationId} not found`);
  const { gift, donor } = row;
  const open = !gift.isAnonymous && donor !== null;
  const [[message], survey, [recurring], timeline, refunds] = await Promise.all([
    db.select({ message: donationMessages.message }).from(donationMessages).where(eq(donationMessages.donationId, gift.id)).limit(1),
    surveyOf(db, gift.id, gift.recurringDonationId, lang),
    gift.recurringDonationId === null
      ? []
      : db
          .select({
            id: recurringDonations.id,
            period: recurringDonations.period,
            status: recurringDonations.status,
            amount: recurringDonations.amount,
          })
          .from(recurringDonations)
          .where(eq(recurringDonations.id, gift.recurringDonationId))
          .limit(1),
    timelineOf(db, row),
    db.select().from(giftRefunds).where(eq(giftRefunds.donationId, gift.id)).orderBy(asc(giftRefunds.createdAt), asc(giftRefunds.id)),
  ]);
  // A refund joins the timeline when the provider gave the money back.
  for (const refund of refunds) {
    if (refund.completedAt) timeline.push({ event: 'refunded', at: at(refund.completedAt), detail: String(refund.amount) });
  }
  timeline.sort(inTimelineOrder);
  return {
    ...consoleGiftOf(row, lang),
    address: open ? donorAddressOf(donor) || null : null,
    phone: open ? donor.phone || null : null,
    newsletter: gift.needNewsLetter,
    message: message?.message ?? gift.message ?? null,
    survey,
    recurring:
      recurring && (recurring.period === 'monthly' || recurring.period === 'annual')
        ? { id: recurring.id, period: recurring.period, status: recurring.status, amount: recurring.amount }
        : null,
    failure_reason: gift.reasonOfPaymentFailed,
    refundable_amount: refundableAmount(gift),
    refunds: refunds.map(giftRefundOf),
    timeline,
  };
}

export function giftRefundOf(refund: typeof giftRefunds.$inferSelect): api.GiftRefund {
  return {
    id: refund.id,
    amount: refund.amount,
    reason: refund.reason,
    status: refund.status as api.GiftRefund['status'],
    requested_by: refund.requestedByLabel,
    created_at: refund.createdAt.toISOString(),
    completed_at: refund.completedAt?.toISOString() ?? null,
    error: refund.lastError,
  };
}
