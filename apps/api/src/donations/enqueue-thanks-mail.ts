// The thank-you mail of a paid donation (ADR 008: a thank-you mail, in the associate's template when
// it has one, goes out on payment). Queued (mail/enqueue-mail.ts) in the settling transaction and delivered by the
// mail worker. In the donor's language (the donation's in_english), from the associate's donation
// thanks mail when it has one, else the platform's wording for the kind of gift (mail-templates.ts:
// single, the first month of a monthly gift, an annual membership). Placeholders: {{name}},
// {{amount}}, {{associate}}. Exactly once per donation, whoever settles it (webhook, status poll,
// reconciliation): claimOnce. A portfolio gift gets one mail for its whole charge, naming the
// portfolio, in the platform's wording.
import { formatYenAmount, receiptAvailability, type Locale } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, donationThanksMails, donations, donors, portfolioDonations, portfolios, recurringDonations } from '../db/schema/index';
import { claimOnce } from '../lib/idempotency';
import { queueOutboxMail } from '../mail/enqueue-mail';
import { fillPlaceholders, MAIL_TEMPLATES, RECEIPT_NOTES, type MailTemplate } from '../mail/mail-templates';
import type { MailLinks } from '../mail/mail-links';

export const THANKS_MAIL_TEMPLATE = 'donation-thanks' satisfies MailTemplate;

/** The platform's wording for the gift: the first payment of a monthly gift or membership says so; later months read as a gift. */
function thanksTemplateOf(period: string | null, isFromSchedule: boolean): MailTemplate {
  if (period === 'monthly' && !isFromSchedule) return 'donation-thanks-monthly';
  if (period === 'annual' && !isFromSchedule) return 'donation-thanks-annual';
  return THANKS_MAIL_TEMPLATE;
}

/** True when the mail was queued now; false when it already was, or there is nobody to write to. */
export async function enqueueThanksMail(tx: Database, donationId: number, links?: MailLinks): Promise<boolean> {
  const [row] = await tx
    .select({
      ...receiptPartColumns,
      amount: donations.amount,
      portfolioDonationId: donations.portfolioDonationId,
      inEnglish: donations.inEnglish,
      isFromSchedule: donations.isFromSchedule,
      period: recurringDonations.period,
      email: donors.email,
      lastName: donors.lastName,
      firstName: donors.firstName,
      subject: donationThanksMails.subject,
      subjectEn: donationThanksMails.subjectEn,
      body: donationThanksMails.body,
      bodyEn: donationThanksMails.bodyEn,
    })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .innerJoin(associates, eq(associates.id, donations.associateId))
    .leftJoin(donationThanksMails, eq(donationThanksMails.associateId, donations.associateId))
    .leftJoin(recurringDonations, eq(recurringDonations.id, donations.recurringDonationId))
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!row?.email) return false;
  const [portfolio] =
    row.portfolioDonationId === null
      ? []
      : await tx
          .select({ amount: portfolioDonations.amount, name: portfolios.name, nameEn: portfolios.nameEn })
          .from(portfolioDonations)
          .innerJoin(portfolios, eq(portfolios.id, portfolioDonations.portfolioId))
          .where(eq(portfolioDonations.id, row.portfolioDonationId))
          .limit(1);
  const claim = portfolio ? `portfolio:${row.portfolioDonationId}` : String(donationId);
  if (!(await claimOnce(tx, `mail:${THANKS_MAIL_TEMPLATE}`, claim))) return false;

  const locale: Locale = row.inEnglish ? 'en' : 'ja';
  const template = thanksTemplateOf(row.period, row.isFromSchedule);
  const fallback = MAIL_TEMPLATES[template][locale];
  const own = portfolio ? { subject: null, subjectEn: null, body: null, bodyEn: null } : row;
  const subject = (locale === 'en' ? (own.subjectEn ?? own.subject) : own.subject) ?? fallback.subject;
  const body = (locale === 'en' ? (own.bodyEn ?? own.body) : own.body) ?? fallback.text;
  const named = portfolio ?? { name: row.associateName, nameEn: row.associateNameEn };
  const values = {
    name: locale === 'en' ? `${row.firstName} ${row.lastName}`.trim() : `${row.lastName} ${row.firstName}`.trim(),
    amount: formatYenAmount(portfolio?.amount ?? row.amount, locale),
    associate: locale === 'en' ? (named.nameEn ?? named.name) : named.name,
  };
  await queueOutboxMail(tx, {
    to: row.email,
    locale,
    template,
    donationId,
    subject: fillPlaceholders(subject, values),
    text:
      fillPlaceholders(body, values) +
      // A single gift is its only part, read above; a portfolio gift's parts are read for the note.
      (links
        ? receiptNote(row.portfolioDonationId === null ? [row] : await portfolioParts(tx, row.portfolioDonationId), locale, links)
        : ''),
  });
  return true;
}

/** What the receipt note needs of each part of a gift. */
const receiptPartColumns = {
  id: donations.id,
  userId: donations.userId,
  status: donations.status,
  needReceipt: donations.needReceipt,
  isAnonymous: donations.isAnonymous,
  associateName: associates.name,
  associateNameEn: associates.nameEn,
};

/** The parts of a portfolio gift, each organisation's, in the order they were written. */
function portfolioParts(tx: Database, portfolioDonationId: number) {
  return tx
    .select(receiptPartColumns)
    .from(donations)
    .innerJoin(associates, eq(associates.id, donations.associateId))
    .where(eq(donations.portfolioDonationId, portfolioDonationId))
    .orderBy(donations.id);
}

type ReceiptPart = Awaited<ReturnType<typeof portfolioParts>>[number];

/** Where the receipts of this gift (each organisation's part of a portfolio gift) are; '' when it has none. */
function receiptNote(parts: ReceiptPart[], locale: Locale, links: MailLinks) {
  const receivable = parts.filter((part) => receiptAvailability(part) === 'available');
  if (receivable.length === 0) return '';
  if (receivable.every((part) => part.userId !== null))
    return fillPlaceholders(RECEIPT_NOTES.member[locale], { link: links.history(locale) });
  const named = (part: (typeof parts)[number]) => (locale === 'en' ? (part.associateNameEn ?? part.associateName) : part.associateName);
  const lines = receivable.map((part) =>
    receivable.length === 1 ? links.guestReceipt(part.id, locale) : `${named(part)}: ${links.guestReceipt(part.id, locale)}`,
  );
  return fillPlaceholders(RECEIPT_NOTES.guest[locale], { links: lines.join('\n') });
}
