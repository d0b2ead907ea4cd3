// Starting a campaign (ADR 036, spec §2 /associate/{uid}/create-campaign/{type} and
// /campaign/{id}/create-support-funding/{type}): a private draft for a published associate, from
// one of its templates for the type (or blank), owned by the user who started it. A supporter may
// start a birthday or a challenge campaign; the associate's members any type (campaign-editing.ts).
import { mayCreateCampaignType, type api, type CampaignType, type Locale } from '@kifu/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associateCampaignTemplates, associates, campaigns, campaignSupportFundings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { localizer } from '../../lib/localize';
import { isAssociateMember } from './campaign-access';
import { allowedTypes, draftVisualPath } from './campaign-edit-view';

/** A new draft's goal until its owner sets one. */
const DEFAULT_GOAL = 100_000;

async function publishedAssociate(db: Database, uid: string) {
  const [associate] = await db
    .select()
    .from(associates)
    .where(and(eq(associates.uid, uid), eq(associates.isPublished, true)))
    .limit(1);
  if (!associate) throw new AppError('not_found', `associate ${uid} not found`);
  return associate;
}

/** GET /associate/{uid}/campaign-templates/: the types the user may start there, and the templates of each. */
export async function campaignTemplates(db: Database, uid: string, userId: number, lang: Locale): Promise<api.CampaignTemplateList> {
  const associate = await publishedAssociate(db, uid);
  const member = await isAssociateMember(db, associate.id, userId);
  const rows = await db
    .select()
    .from(associateCampaignTemplates)
    .where(eq(associateCampaignTemplates.associateId, associate.id))
    .orderBy(asc(associateCampaignTemplates.type), asc(associateCampaignTemplates.id));
  const tr = localizer(lang);
  const allowed = allowedTypes('owner', member);
  return {
    allowed_types: allowed,
    results: rows
      .filter((row) => allowed.includes(row.type))
      .map((row) => ({ id: row.id, type: row.type, title: tr(row, 'title'), body: tr(row, 'body') })),
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A template's plain-text body as the editor's HTML: one paragraph per blank-line-separated block. */
export function paragraphsHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

interface NewCampaign {
  associateUid: string;
  type: CampaignType;
  templateId: number | null;
  /** For a support funding: the campaign it raises money for. */
  parentId?: number;
}

export async function createCampaign(db: Database, userId: number, input: NewCampaign, now = new Date()): Promise<number> {
  const associate = await publishedAssociate(db, input.associateUid);
  const member = await isAssociateMember(db, associate.id, userId);
  if (!mayCreateCampaignType(input.type, member)) {
    throw new AppError('forbidden', `campaign type ${input.type} is for the associate's members`, { type: ['value'] });
  }
  const [template] =
    input.templateId === null
      ? []
      : await db
          .select()
          .from(associateCampaignTemplates)
          .where(
            and(
              eq(associateCampaignTemplates.id, input.templateId),
              eq(associateCampaignTemplates.associateId, associate.id),
              eq(associateCampaignTemplates.type, input.type),
            ),
          )
          .limit(1);
  if (input.templateId !== null && !template) throw new AppError('validation_failed', 'no such template', { template_id: ['value'] });
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(campaigns)
      .values({
        associateId: associate.id,
        userId,
        templateId: template?.id ?? null,
        parentId: input.parentId ?? null,
        type: input.type,
        status: 'draft',
        title: template?.title ?? '',
        titleEn: template?.titleEn ?? null,
        body: template?.body ?? '',
        bodyEn: template?.bodyEn ?? null,
        storyHtml: template ? paragraphsHtml(template.body) : '',
        storyHtmlEn: template?.bodyEn ? paragraphsHtml(template.bodyEn) : null,
        mainVisualPath: draftVisualPath(associate.uid),
        goalAmount: DEFAULT_GOAL,
        startAt: now,
      })
      .returning({ id: campaigns.id });
    if (input.parentId !== undefined) {
      await tx
        .insert(campaignSupportFundings)
        .values({ campaignId: input.parentId, fundingCampaignId: created!.id, userId, type: input.type });
    }
    return created!.id;
  });
}
