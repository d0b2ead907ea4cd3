// The thank-you mail of a paid donation (issue 4: "A thank-you mail (the associate's template) goes
// out on payment"). Written to mail_outbox in the settling transaction. Nothing reads the outbox
// yet, so the mail is not delivered: the outbox worker and SMTP come with the accounts issue (12).
// In the donor's language (the donation's in_english), from the associate's donation thanks mail
// when it has one, else the platform's default. Placeholders: {{name}}, {{amount}}, {{associate}}.
// Exactly once per donation, whoever settles it (webhook, status poll, reconciliation): claimOnce.
// A portfolio gift gets one mail for its whole charge, naming the portfolio, in the default wording.
import { formatYenAmount, type Locale } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, donationThanksMails, donations, donors, mailOutbox, portfolioDonations, portfolios } from '../db/schema/index';
import { claimOnce } from '../lib/idempotency';

export const THANKS_MAIL_TEMPLATE = 'donation-thanks';

export const DEFAULT_THANKS_MAIL: Record<Locale, { subject: string; body: string }> = {
  ja: {
    subject: 'ご寄付ありがとうございました',
    body: '{{name}}様\n\nこのたびは{{associate}}へ{{amount}}のご寄付をいただき、誠にありがとうございました。\nいただいたご支援は大切に活用させていただきます。\n\nKifu',
  },
  en: {
    subject: 'Thank you for your donation',
    body: 'Dear {{name}},\n\nThank you for your donation of {{amount}} to {{associate}}.\nYour support will be put to good use.\n\nKifu',
  },
};

function render(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** True when the mail was queued now; false when it already was, or there is nobody to write to. */
export async function enqueueThanksMail(tx: Database, donationId: number): Promise<boolean> {
  const [row] = await tx
    .select({
      amount: donations.amount,
      portfolioDonationId: donations.portfolioDonationId,
      inEnglish: donations.inEnglish,
      email: donors.email,
      lastName: donors.lastName,
      firstName: donors.firstName,
      associateName: associates.name,
      associateNameEn: associates.nameEn,
      subject: donationThanksMails.subject,
      subjectEn: donationThanksMails.subjectEn,
      body: donationThanksMails.body,
      bodyEn: donationThanksMails.bodyEn,
    })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .innerJoin(associates, eq(associates.id, donations.associateId))
    .leftJoin(donationThanksMails, eq(donationThanksMails.associateId, donations.associateId))
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
  const fallback = DEFAULT_THANKS_MAIL[locale];
  const own = portfolio ? { subject: null, subjectEn: null, body: null, bodyEn: null } : row;
  const subject = (locale === 'en' ? (own.subjectEn ?? own.subject) : own.subject) ?? fallback.subject;
  const body = (locale === 'en' ? (own.bodyEn ?? own.body) : own.body) ?? fallback.body;
  const named = portfolio ?? { name: row.associateName, nameEn: row.associateNameEn };
  const values = {
    name: locale === 'en' ? `${row.firstName} ${row.lastName}`.trim() : `${row.lastName} ${row.firstName}`.trim(),
    amount: formatYenAmount(portfolio?.amount ?? row.amount, locale),
    associate: locale === 'en' ? (named.nameEn ?? named.name) : named.name,
  };
  await tx.insert(mailOutbox).values({
    toAddress: row.email,
    subject: render(subject, values),
    textBody: render(body, values),
    template: THANKS_MAIL_TEMPLATE,
    locale,
  });
  return true;
}
