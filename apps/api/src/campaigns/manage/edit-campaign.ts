// Changing a campaign from its dashboard (ADR 036, spec §7 /campaign/{id}/edit/, release/,
// to_private/): the settings and texts (dates by the rule 'Cannot be set before today.', the story
// sanitised), then release once every check is met, or back to private. Each is one transaction
// with the campaign's row locked, so two tabs cannot release a half-changed campaign.
import {
  campaignDateProblems,
  campaignEndDay,
  campaignEndInstant,
  campaignStartDay,
  campaignStartInstant,
  mayCreateCampaignType,
  releaseWaitsForApproval,
  unmetReleaseChecks,
  type api,
  type CampaignRole,
  type CampaignType,
  type Locale,
} from '@kifu/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associateMembers, associates, campaignRewards, campaigns, userProfiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { localizer } from '../../lib/localize';
import { enqueueMail } from '../../mail/enqueue-mail';
import type { MailLinks } from '../../mail/mail-links';
import type { CampaignRow } from '../campaign-summaries';
import { MANAGING_ROLES, startedByAssociate } from './campaign-access';
import { hasOwnImage, rewardReviewOf } from './campaign-edit-view';
import { sanitiseStory, storyText } from './story-html';

export async function lockedCampaign(tx: Database, id: number): Promise<CampaignRow> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  if (!row) throw new AppError('not_found', `campaign ${id} not found`);
  return row;
}

/** Applies the edit; a date that breaks the rule is a 400 naming the field, and nothing changes. */
export async function editCampaign(
  db: Database,
  id: number,
  access: { role: CampaignRole; isMember: boolean },
  edit: api.CampaignEditBody,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedCampaign(tx, id);
    const changes: Partial<typeof campaigns.$inferInsert> = {};
    if (edit.title !== undefined) changes.title = edit.title;
    if (edit.title_en !== undefined) changes.titleEn = edit.title_en || null;
    if (edit.summary !== undefined) changes.summary = edit.summary;
    if (edit.summary_en !== undefined) changes.summaryEn = edit.summary_en || null;
    if (edit.story_html !== undefined) {
      changes.storyHtml = sanitiseStory(edit.story_html);
      changes.body = storyText(changes.storyHtml);
    }
    if (edit.story_html_en !== undefined) {
      // An editor left empty sends an empty paragraph: no words and no image is no translation, and
      // the English page falls back to the Japanese story.
      const html = edit.story_html_en ? sanitiseStory(edit.story_html_en) : '';
      const text = storyText(html);
      const translated = text !== '' || html.includes('<img');
      changes.storyHtmlEn = translated ? html : null;
      changes.bodyEn = translated ? text : null;
    }
    if (edit.goal_amount !== undefined) changes.goalAmount = edit.goal_amount;
    if (edit.type !== undefined && edit.type !== row.type) {
      if (row.status !== 'draft') throw new AppError('conflict', 'the type of a released campaign cannot change', { type: ['value'] });
      if (!mayCreateCampaignType(edit.type as CampaignType, access.isMember))
        throw new AppError('forbidden', `campaign type ${edit.type} is for the associate's members`, { type: ['value'] });
      changes.type = edit.type;
    }
    if (edit.start_on !== undefined || edit.end_on !== undefined) {
      const storedStart = campaignStartDay(row.startAt);
      const startOn = edit.start_on ?? storedStart;
      const endOn = edit.end_on === undefined ? (row.endAt ? campaignEndDay(row.endAt) : null) : edit.end_on;
      const problems = campaignDateProblems({ startOn, endOn }, now, storedStart);
      const fields = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, [problem]]));
      if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 'the campaign dates are not allowed', fields);
      changes.startAt = startOn === storedStart ? row.startAt : campaignStartInstant(startOn);
      changes.endAt = endOn === null ? null : campaignEndInstant(endOn);
    }
    if (Object.keys(changes).length > 0) await tx.update(campaigns).set(changes).where(eq(campaigns.id, id));
  });
}

/**
 * The release under the campaign's lock: public from now if every release check is met (409
 * listing the unmet ones otherwise). The dashboard's release and the associate's approval (ADR 069)
 * both end here.
 */
export async function publishLocked(tx: Database, row: CampaignRow, now: Date): Promise<void> {
  await requireReleaseChecks(tx, row, now);
  await tx
    .update(campaigns)
    .set({ status: 'published', releasedAt: row.releasedAt ?? now })
    .where(eq(campaigns.id, row.id));
}

async function requireReleaseChecks(tx: Database, row: CampaignRow, now: Date): Promise<void> {
  const rewards = await tx.select().from(campaignRewards).where(eq(campaignRewards.campaignId, row.id)).orderBy(asc(campaignRewards.id));
  const review = await rewardReviewOf(tx, row.id, rewards);
  const unmet = unmetReleaseChecks(
    {
      title: row.title,
      summary: row.summary,
      storyText: row.storyHtml ? storyText(row.storyHtml) : row.body,
      hasOwnMainVisual: hasOwnImage(row.mainVisualPath),
      goalAmount: row.goalAmount,
      endOn: row.endAt ? campaignEndDay(row.endAt) : null,
      rewardCount: rewards.length,
      rewardReview: review.state,
    },
    now,
  );
  if (unmet.length > 0) throw new AppError('conflict', `the campaign is not ready: ${unmet.join(', ')}`, { release: unmet });
}

/**
 * Asks the associate to approve a ready campaign: once — a second press while it waits changes
 * nothing and mails nobody again. Every owner and staff member of the associate is mailed in their
 * language with the console's list of campaigns to decide.
 */
async function askForApproval(tx: Database, links: MailLinks, row: CampaignRow, now: Date): Promise<void> {
  await requireReleaseChecks(tx, row, now);
  if (row.approvalStatus === 'requested') return;
  await tx
    .update(campaigns)
    .set({ approvalStatus: 'requested', approvalRequestedAt: now, approvalDecidedAt: null, approvalDecidedBy: null, approvalReason: null })
    .where(eq(campaigns.id, row.id));
  const [associate] = await tx.select().from(associates).where(eq(associates.id, row.associateId));
  const [fundraiser] = row.userId
    ? await tx.select({ nickname: userProfiles.nickname }).from(userProfiles).where(eq(userProfiles.userId, row.userId))
    : [];
  const managers = await tx
    .select({ email: users.email, locale: users.locale })
    .from(associateMembers)
    .innerJoin(users, eq(users.id, associateMembers.userId))
    .where(and(eq(associateMembers.associateId, row.associateId), inArray(associateMembers.role, MANAGING_ROLES)));
  for (const manager of managers) {
    const locale: Locale = manager.locale === 'en' ? 'en' : 'ja';
    const tr = localizer(locale);
    await enqueueMail(tx, {
      to: manager.email,
      locale,
      template: 'campaign-approval-requested',
      values: {
        campaign: tr(row, 'title'),
        associate: tr(associate!, 'name'),
        fundraiser: fundraiser?.nickname || (locale === 'en' ? 'A supporter' : '支援者'),
        link: links.page(`/dashboard/${associate!.uid}/campaigns`, locale),
      },
    });
  }
}

/**
 * POST /campaign/{id}/release/: public from now — or, for a campaign a supporter started that its
 * associate has not approved, the associate is asked (ADR 069): the same checks must be met first,
 * the campaign stays private, and the associate's owners and staff are mailed once per request.
 */
export async function releaseCampaign(
  db: Database,
  links: MailLinks,
  id: number,
  caller: { userId: number; runsAssociate: boolean },
  now = new Date(),
): Promise<'released' | 'approval_requested'> {
  return db.transaction(async (tx) => {
    const row = await lockedCampaign(tx, id);
    if (row.status !== 'draft') return 'released';
    const ownedByAssociate = await startedByAssociate(tx, row);
    const waits = releaseWaitsForApproval({
      startedByAssociate: ownedByAssociate,
      callerRunsAssociate: caller.runsAssociate,
      approval: row.approvalStatus,
    });
    if (!waits) {
      await publishLocked(tx, row, now);
      // A supporter's campaign released by one of the associate's owners or staff is approved by
      // that release: the console's list no longer shows it waiting.
      if (!ownedByAssociate && row.approvalStatus !== 'approved') {
        await tx
          .update(campaigns)
          .set({ approvalStatus: 'approved', approvalDecidedAt: now, approvalDecidedBy: caller.userId, approvalReason: null })
          .where(eq(campaigns.id, row.id));
      }
      return 'released';
    }
    await askForApproval(tx, links, row, now);
    return 'approval_requested';
  });
}

/**
 * POST /campaign/{id}/to_private/: hidden from visitors again (a draft); its gifts and reports
 * stay. On a draft waiting for its associate's approval, it withdraws the request (ADR 069).
 */
export async function campaignToPrivate(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedCampaign(tx, id);
    const withdrawn = row.approvalStatus === 'requested' ? { approvalStatus: 'not_requested' as const, approvalRequestedAt: null } : {};
    await tx
      .update(campaigns)
      .set({ status: 'draft', ...withdrawn })
      .where(eq(campaigns.id, id));
  });
}
