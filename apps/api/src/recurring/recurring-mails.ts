// Mails about recurring support that went wrong or is about to (ADR 034): a later charge failed (the
// provider retries), the retries failed too and the donation is suspended — then the organisation's
// staff are told as well — or the card will have expired by the next charge. Each is queued in the transaction that records what it tells, once per charge
// or suspension (claimOnce), in the supporter's language, with the link to fix the card: the
// credit card page for a signed-in supporter, a guest's own signed management link (a week).
import { CARD_EXPIRY_NOTICE_DAYS, cardExpiredOn, donationErrorMessage, formatYenAmount, japanIsoDate, type Locale } from '@kifu/domain';
import { and, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateMembers, associates, donations, donors, portfolios, recurringDonations, users } from '../db/schema/index';
import { claimOnce } from '../lib/idempotency';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';
import { guestManageLink } from './guest-access';
import { CARD_PAYMENT_PROVIDER, type CardGateway, type SavedCard } from '../providers/card/card-gateway';
import { ProviderError } from '../providers/provider-error';

/** Where a supporter fixes the card of their recurring support: the card page, or a guest's own signed link. */
export function cardFixLink(
  tx: Database,
  links: MailLinks,
  recurring: { userId: number | null; email: string },
  locale: Locale,
): Promise<string> {
  if (recurring.userId === null) return guestManageLink(tx, links, recurring.email, locale);
  return Promise.resolve(links.page('/mypage/credit-card', locale));
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
      link: await cardFixLink(tx, links, row, locale),
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
        link: await cardFixLink(tx, links, row, locale),
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

/**
 * Job `remind-expiring-cards` (daily): an active card donation whose next charge comes within a
 * month, on a card that will have expired by then, gets one mail per card asking for a new one.
 */
export async function remindExpiringCards(
  deps: { db: Database; gateway: CardGateway; links: MailLinks },
  now = new Date(),
): Promise<number> {
  const soon = japanIsoDate(new Date(now.getTime() + CARD_EXPIRY_NOTICE_DAYS * 86_400_000));
  const due = await deps.db
    .select({
      id: recurringDonations.id,
      customerId: recurringDonations.customerId,
      nextOn: recurringDonations.nextOccurrenceDate,
      amount: recurringDonations.amount,
    })
    .from(recurringDonations)
    .where(
      and(
        eq(recurringDonations.status, 'active'),
        eq(recurringDonations.paymentProvider, CARD_PAYMENT_PROVIDER),
        isNotNull(recurringDonations.customerId),
        lte(recurringDonations.nextOccurrenceDate, soon),
        gte(recurringDonations.nextOccurrenceDate, japanIsoDate(now)),
      ),
    )
    .limit(200);
  const cards = new Map<string, SavedCard | null>();
  let sent = 0;
  for (const recurring of due) {
    let card = cards.get(recurring.customerId!);
    if (card === undefined) {
      card = await deps.gateway
        .retrieveCustomer(recurring.customerId!)
        .then((customer) => customer.defaultCard)
        .catch((error: unknown) => {
          if (error instanceof ProviderError) return null;
          throw error;
        });
      cards.set(recurring.customerId!, card);
    }
    if (!card || !cardExpiredOn(card.expirationMonth, card.expirationYear, recurring.nextOn!)) continue;
    const queued = await deps.db.transaction(async (tx) => {
      if (!(await claimOnce(tx, 'mail:recurring-card-expiring', `${recurring.id}:${card.cardId}`))) return false;
      const facts = await recurringFacts(tx, recurring.id);
      if (!facts?.row.email) return false;
      const { row, locale } = facts;
      await enqueueMail(tx, {
        to: row.email,
        locale,
        template: 'recurring-card-expiring',
        values: {
          name: facts.name,
          associate: facts.target(locale),
          amount: formatYenAmount(row.amount, locale),
          chargeOn: recurring.nextOn!,
          card: `${card.brand} •••• ${card.lastDigits} (${String(card.expirationMonth).padStart(2, '0')}/${card.expirationYear})`,
          link: await cardFixLink(tx, deps.links, row, locale),
        },
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}
