// Telling a campaign's supporters that a report was published (issue 15 "Reporting back"): one mail
// to each person who gave to it and was paid — a member once however many gifts, in their language,
// unless they turned such mail off; a guest by the email they gave with, in the gift's language —
// with a link to the report. Queued in the publishing transaction; claimed per report and address,
// so a retry never mails twice.
import type { Locale } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns, donations, donors, users } from '../../db/schema/index';
import { claimOnce } from '../../lib/idempotency';
import { enqueueMail } from '../../mail/enqueue-mail';
import type { MailLinks } from '../../mail/mail-links';
import { localizer } from '../../lib/localize';

interface Recipient {
  email: string;
  locale: Locale;
}

/** Who gave to the campaign and may be mailed: one entry per address. */
async function supportersOf(tx: Database, campaignId: number): Promise<Recipient[]> {
  const rows = await tx
    .select({
      userEmail: users.email,
      userLocale: users.locale,
      preference: users.notificationPreference,
      donorEmail: donors.email,
      inEnglish: donations.inEnglish,
    })
    .from(donations)
    .leftJoin(users, eq(users.id, donations.userId))
    .leftJoin(donors, eq(donors.id, donations.donorId))
    .where(and(eq(donations.campaignId, campaignId), eq(donations.status, 'paid')));
  const byAddress = new Map<string, Recipient>();
  for (const row of rows) {
    if (row.userEmail !== null) {
      if (row.preference === 'not_receive') continue;
      byAddress.set(row.userEmail.toLowerCase(), { email: row.userEmail, locale: row.userLocale === 'en' ? 'en' : 'ja' });
    } else if (row.donorEmail) {
      const key = row.donorEmail.toLowerCase();
      if (!byAddress.has(key)) byAddress.set(key, { email: row.donorEmail, locale: row.inEnglish ? 'en' : 'ja' });
    }
  }
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
  for (const recipient of await supportersOf(tx, report.campaignId)) {
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
