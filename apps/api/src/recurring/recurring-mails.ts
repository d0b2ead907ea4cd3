// Mails about recurring support that went wrong (issue 14): a later charge failed (the provider
// retries), or the retries failed too and the donation is suspended — then the organisation's staff
// are told as well. Each is queued in the transaction that records what it tells, once per charge
// or suspension (claimOnce), in the supporter's language, with the link to fix the card: the
// credit card page for a signed-in supporter, the page that mails a guest their management link.
import { donationErrorMessage, formatYenAmount, type Locale } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateMembers, associates, donations, donors, portfolios, recurringDonations, users } from '../db/schema/index';
import { claimOnce } from '../lib/idempotency';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';

/** Where a supporter fixes the card of their recurring support. */
export function cardFixLink(links: MailLinks, recurring: { userId: number | null }, locale: Locale): string {
  return links.page(recurring.userId === null ? '/auth/application/edit-recurring-donations' : '/mypage/credit-card', locale);
}

async function recurringFacts(tx: Database, recurringDonationId: number) {
  const [row] = await tx
    .select({
      id: recurringDonations.id,
      userId: recurringDonations.userId,
      amount: recurringDonations.amount,
      inEnglish: recurringDonations.inEnglish,
      associateId: recurringDonations.associateId,
      email: donors.email,
      lastName: donors.lastName,
      firstName: donors.firstName,
      associateName: associates.name,
      associateNameEn: associates.nameEn,
      portfolioName: portfolios.name,
      portfolioNameEn: portfolios.nameEn,
    })
    .from(recurringDonations)
    .innerJoin(donors, eq(donors.id, recurringDonations.donorId))
    .leftJoin(associates, eq(associates.id, recurringDonations.associateId))
    .leftJoin(portfolios, eq(portfolios.id, recurringDonations.portfolioId))
    .where(eq(recurringDonations.id, recurringDonationId))
    .limit(1);
  if (!row) return undefined;
  const locale: Locale = row.inEnglish ? 'en' : 'ja';
  const target = (lang: Locale) =>
    (lang === 'en' ? (row.portfolioNameEn ?? row.associateNameEn) : null) ?? row.portfolioName ?? row.associateName ?? '';
  const name = locale === 'en' ? `${row.firstName} ${row.lastName}`.trim() : `${row.lastName} ${row.firstName}`.trim();
  return { row, locale, target, name };
}

/**
 * A failed later charge of a recurring donation (its donation `donationId` is recorded failed). Once
 * per failing streak: the provider's retries of the same charge are told by the suspension mail.
 */
export async function queueChargeFailedMail(
  tx: Database,
  recurring: { id: number; lastChargedAt: Date | null },
  donationId: number,
  links: MailLinks,
): Promise<void> {
  if (!(await claimOnce(tx, 'mail:recurring-charge-failed', `${recurring.id}:${recurring.lastChargedAt?.toISOString() ?? 'never'}`)))
    return;
  const facts = await recurringFacts(tx, recurring.id);
  const [donation] = await tx
    .select({ reason: donations.reasonOfPaymentFailed })
    .from(donations)
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!facts?.row.email) return;
  const { row, locale } = facts;
  await enqueueMail(tx, {
    to: row.email,
    locale,
    template: 'recurring-charge-failed',
    values: {
      name: facts.name,
      associate: facts.target(locale),
      amount: formatYenAmount(row.amount, locale),
      reason: donationErrorMessage(donation?.reason ?? '', locale),
      link: cardFixLink(links, row, locale),
    },
  });
}

/** A recurring donation suspended after its retries: the supporter, and the organisation's staff. */
export async function queueSuspendedMails(tx: Database, recurringDonationId: number, suspendedAt: Date, links: MailLinks): Promise<void> {
  if (!(await claimOnce(tx, 'mail:recurring-suspended', `${recurringDonationId}:${suspendedAt.toISOString()}`))) return;
  const facts = await recurringFacts(tx, recurringDonationId);
  if (!facts) return;
  const { row, locale } = facts;
  if (row.email) {
    await enqueueMail(tx, {
      to: row.email,
      locale,
      template: 'recurring-suspended',
      values: {
        name: facts.name,
        associate: facts.target(locale),
        amount: formatYenAmount(row.amount, locale),
        link: cardFixLink(links, row, locale),
      },
    });
  }
  if (row.associateId === null) return;
  const staff = await tx
    .select({ email: users.email, locale: users.locale })
    .from(associateMembers)
    .innerJoin(users, eq(users.id, associateMembers.userId))
    .where(eq(associateMembers.associateId, row.associateId));
  for (const member of staff) {
    const lang: Locale = member.locale === 'en' ? 'en' : 'ja';
    await enqueueMail(tx, {
      to: member.email,
      locale: lang,
      template: 'recurring-suspended-associate',
      values: {
        associate: facts.target(lang),
        supporter: lang === 'en' ? `${row.firstName} ${row.lastName}`.trim() : `${row.lastName} ${row.firstName}`.trim(),
        amount: formatYenAmount(row.amount, lang),
      },
    });
  }
}
