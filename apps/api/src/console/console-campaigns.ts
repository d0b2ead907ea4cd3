// Campaigns by supporters for the associate (ADR 069): the console lists the ones whose
// fundraisers asked for approval and those already decided; owners and staff approve (the campaign
// goes public at once, if it still meets every release check) or decline with a reason. Either
// way the fundraiser is mailed in their language. Decided once: a second decision on a campaign
// no longer waiting is a 409, and each runs under the campaign's lock, so two staff pressing at
// once make one decision.
import { api, campaignEndDay, campaignStartDay, type Locale } from '@kifu/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { campaigns, userProfiles, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { localizer } from '../lib/localize';
import { pageOf, pageWindow } from '../lib/paginate';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';
import { lockedCampaign, publishLocked } from '../campaigns/manage/edit-campaign';
import type { CampaignRow } from '../campaigns/campaign-summaries';
import type { ConsoleCaller } from './console-access';

const parents = alias(campaigns, 'parents');

export async function listConsoleCampaigns(
  db: Database,
  associateId: number,
  query: api.ConsoleCampaignsQuery,
): Promise<api.ConsoleCampaigns> {
  const tr = localizer(query.lang);
  const asked = and(eq(campaigns.associateId, associateId), inArray(campaigns.approvalStatus, api.LISTED_APPROVAL_STATUSES));
  const where = query.approval ? and(asked, eq(campaigns.approvalStatus, query.approval)) : asked;
  const { limit, offset } = pageWindow(query);
  const [rows, totals] = await Promise.all([
    db
      .select({ campaign: campaigns, nickname: userProfiles.nickname, parentTitle: parents.title, parentTitleEn: parents.titleEn })
      .from(campaigns)
      .leftJoin(userProfiles, eq(userProfiles.userId, campaigns.userId))
      .leftJoin(parents, eq(parents.id, campaigns.parentId))
      .where(where)
      // The ones waiting first, oldest request first; then the latest decisions.
      .orderBy(
        sql`${campaigns.approvalStatus} = 'requested' desc`,
        asc(sql`case when ${campaigns.approvalStatus} = 'requested' then ${campaigns.approvalRequestedAt} end`),
        desc(campaigns.approvalDecidedAt),
        desc(campaigns.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ status: campaigns.approvalStatus, n: count() }).from(campaigns).where(asked).groupBy(campaigns.approvalStatus),
  ]);
  const counts = Object.fromEntries(
    api.LISTED_APPROVAL_STATUSES.map((status) => [status, totals.find((row) => row.status === status)?.n ?? 0]),
  );
  const total = query.approval ? (counts[query.approval] ?? 0) : Object.values(counts).reduce((sum, n) => sum + n, 0);
  return {
    ...pageOf(
      query,
      total,
      rows.map(({ campaign, nickname, parentTitle, parentTitleEn }) => ({
        id: campaign.id,
        title: tr(campaign, 'title'),
        type: campaign.type,
        fundraiser: nickname ?? null,
        parent: campaign.parentId
          ? { id: campaign.parentId, title: tr({ title: parentTitle ?? '', titleEn: parentTitleEn }, 'title') }
          : null,
        status: campaign.status,
        approval: campaign.approvalStatus,
        goal_amount: campaign.goalAmount,
        start_on: campaignStartDay(campaign.startAt),
        end_on: campaign.endAt ? campaignEndDay(campaign.endAt) : null,
        requested_at: campaign.approvalRequestedAt?.toISOString() ?? null,
        decided_at: campaign.approvalDecidedAt?.toISOString() ?? null,
        reason: campaign.approvalReason,
      })),
    ),
    counts: counts as api.ConsoleCampaigns['counts'],
  };
}

/** The associate's campaign waiting for its decision, locked; another associate's is 404, a decided one 409. */
async function waitingCampaign(tx: Database, caller: ConsoleCaller, campaignId: number): Promise<CampaignRow> {
  const row = await lockedCampaign(tx, campaignId).catch(() => undefined);
  if (!row || row.associateId !== caller.associate.id || row.approvalStatus === 'not_requested') {
    throw new AppError('not_found', `campaign ${campaignId} not found`);
  }
  if (row.approvalStatus !== 'requested')
    throw new AppError('conflict', `campaign ${campaignId} is already ${row.approvalStatus}`, { approval: ['value'] });
  return row;
}

async function mailFundraiser(
  tx: Database,
  links: MailLinks,
  caller: ConsoleCaller,
  row: CampaignRow,
  reason: string | null,
): Promise<void> {
  if (!row.userId) return;
  const [owner] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, row.userId));
  if (!owner) return;
  const locale: Locale = owner.locale === 'en' ? 'en' : 'ja';
  const tr = localizer(locale);
  const values = { campaign: tr(row, 'title'), associate: tr(caller.associate, 'name') };
  await enqueueMail(
    tx,
    reason === null
      ? { to: owner.email, locale, template: 'campaign-approved', values: { ...values, link: links.page(`/campaign/${row.id}`, locale) } }
      : {
          to: owner.email,
          locale,
          template: 'campaign-declined',
          values: { ...values, reason, link: links.page(`/campaign/${row.id}/dashboard/campaign`, locale) },
        },
  );
}

/** Approves and releases a waiting campaign; one no longer meeting a release check is a 409 listing it, and stays waiting. */
export function approveCampaign(
  db: Database,
  links: MailLinks,
  caller: ConsoleCaller,
  campaignId: number,
  now = new Date(),
): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await waitingCampaign(tx, caller, campaignId);
    await publishLocked(tx, row, now);
    await tx
      .update(campaigns)
      .set({ approvalStatus: 'approved', approvalDecidedAt: now, approvalDecidedBy: caller.userId, approvalReason: null })
      .where(eq(campaigns.id, row.id));
    await mailFundraiser(tx, links, caller, row, null);
  });
}

/** Declines a waiting campaign with a reason: it stays private, and its fundraiser may change it and ask again. */
export function declineCampaign(
  db: Database,
  links: MailLinks,
  caller: ConsoleCaller,
  campaignId: number,
  body: api.DeclineCampaignBody,
  now = new Date(),
): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await waitingCampaign(tx, caller, campaignId);
    await tx
      .update(campaigns)
      .set({ approvalStatus: 'declined', approvalDecidedAt: now, approvalDecidedBy: caller.userId, approvalReason: body.reason })
      .where(eq(campaigns.id, row.id));
    await mailFundraiser(tx, links, caller, row, body.reason);
  });
}
