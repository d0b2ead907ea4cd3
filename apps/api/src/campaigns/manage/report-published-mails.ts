// Telling a campaign's supporters that a report was published (ADR 036): one mail
// to each person who gave to it and was paid — a member once however many gifts, in their language;
// a guest by the email they gave with, in the gift's language; nobody at an address whose account
// turned such mail off — with a link to the report. Queued in the publishing transaction; claimed per report and address,
// so a retry never mails twice.
import type { Locale } from '@kifu/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { campaigns, donations, donors, users } from '../../db/schema/index';
import { claimOnce } from '../../lib/idempotency';
import { enqueueMail } from '../../mail/enqueue-mail';
import type { MailLinks } from '../../mail/mail-links';
import { localizer } from '../../lib/localize';

/** The account, if any, that holds a guest gift's email address. */
const account = alias(users, 'account');

export interface Recipient {
  email: string;
  locale: Locale;
}

/**
 * Who gave the paid gifts `where` picks and may be mailed: one entry per address. Shared with the
 * associate's activity reports (console/console-activity-reports.ts).
 */
export async function reportRecipients(tx: Database, where: SQL | undefined): Promise<Recipient[]> {
  const rows = await tx
    .select({
      userEmail: users.email,
      userLocale: users.locale,
      preference: users.notificationPreference,
      donorEmail: donors.email,
      inEnglish: donations.inEnglish,
      accountPreference: account.notificationPreference,
    })
    .from(donations)
    .leftJoin(users, eq(users.id, donations.userId))
    .leftJoin(donors, eq(donors.id, donations.donorId))
    .leftJoin(account, sql`lower(${account.email}) = lower(${donors.email})`)
    .where(and(where, eq(donations.status, 'paid')));
  const byAddress = new Map<string, Recipient>();
  // Whoever turned such mail off on their account is not mailed at that address, not even for a
  // gift they made as a guest with it.
  const optedOut = new Set<string>();
  for (const row of rows) {
    if (row.userEmail !== null) {
      const key = row.userEmail.toLowerCase();
      if (row.preference === 'not_receive') optedOut.add(key);
      // The member's own language wins over a guest gift's from the same address.
      else byAddress.set(key, { email: row.userEmail, locale: row.userLocale === 'en' ? 'en' : 'ja' });
    } else if (row.donorEmail) {
      const key = row.donorEmail.toLowerCase();
      if (row.accountPreference === 'not_receive') optedOut.add(key);
      else if (!byAddress.has(key)) byAddress.set(key, { email: row.donorEmail, locale: row.inEnglish ? 'en' : 'ja' });
    }
  }
  for (const key of optedOut) byAddress.delete(key);
  return [...byAddress.values()];
}

export async function queueReportPublishedMails(
  tx: Database,
  links: MailLinks,
  report: { id: number; campaignId: number; title: string; titleEn: string | null },
): Promise<number> {
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, report.campaignId));
  if (!campaign) return 0;
  let queued = 0;
  for (const recipient of await reportRecipients(tx, eq(donations.campaignId, report.campaignId))) {
    if (!(await claimOnce(tx, 'mail:campaign-report-published', `${report.id}:${recipient.email.toLowerCase()}`))) continue;
    const tr = localizer(recipient.locale);
    await enqueueMail(tx, {
      to: recipient.email,
      locale: recipient.locale,
      template: 'campaign-report-published',
      values: {
        campaign: tr(campaign, 'title'),
        report: tr(report, 'title'),
        link: links.page(`/campaign/${campaign.id}/report/${report.id}`, recipient.locale),
      },
    });
    queued++;
  }
  return queued;
}
