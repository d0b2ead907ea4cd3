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
  unmetReleaseChecks,
  type api,
  type CampaignRole,
  type CampaignType,
} from '@kifu/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignRewards, campaigns } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { CampaignRow } from '../campaign-summaries';
import { hasOwnImage, rewardReviewOf } from './campaign-edit-view';
import { sanitiseStory, storyText } from './story-html';

async function lockedCampaign(tx: Database, id: number): Promise<CampaignRow> {
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

/** POST /campaign/{id}/release/: public from now, if every release check is met (409 listing them otherwise). */
export async function releaseCampaign(db: Database, id: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedCampaign(tx, id);
    if (row.status !== 'draft') return;
    const rewards = await tx.select().from(campaignRewards).where(eq(campaignRewards.campaignId, id)).orderBy(asc(campaignRewards.id));
    const review = await rewardReviewOf(tx, id, rewards);
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
    await tx
      .update(campaigns)
      .set({ status: 'published', releasedAt: row.releasedAt ?? now })
      .where(eq(campaigns.id, id));
  });
}

/** POST /campaign/{id}/to_private/: hidden from visitors again (a draft); its gifts and reports stay. */
export async function campaignToPrivate(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedCampaign(tx, id);
    await tx.update(campaigns).set({ status: 'draft' }).where(eq(campaigns.id, id));
  });
}
