// Making and running campaigns (ADR 036, spec §7 campaign calls): start one from an associate's
// template, read and edit it on its dashboard, its images, release and return to private, and the
// user's own campaigns. Signed-in only; a campaign answers its owner and its associate's members,
// and 404 to everyone else (campaign-access.ts).
import multipart from '@fastify/multipart';
import { api, CAMPAIGN_PAGE_MESSAGES, type CampaignType } from '@kifu/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { UPLOAD_IMAGE_MAX_BYTES, uploadedFile } from '../../media/uploaded-image';
import type { AttemptLimit } from '../../plugins/rate-limit';
import { isAssociateMember, requireCampaignRole } from './campaign-access';
import { campaignEditView } from './campaign-edit-view';
import { addStoryImage, setMainVisual } from './campaign-images';
import { campaignTemplates, createCampaign } from './create-campaign';
import { campaignToPrivate, editCampaign, releaseCampaign } from './edit-campaign';
import { getCampaign } from '../get-campaign';
import { myCampaigns } from './my-campaigns';

const tags = ['campaign dashboard'];
/** As many supporters' messages as the public page shows. */
const params = z.object({ id: api.rowIdParam });

/** Image processing is the costly call: enough for a whole campaign an hour, not a flood. */
export const CAMPAIGN_UPLOADS_PER_USER: AttemptLimit = {
  name: 'campaign-upload:user',
  max: 120,
  timeWindowMs: 60 * 60_000,
  key: (request) => request.userId?.toString(),
};
/** New drafts: a person starting a few campaigns, not a script filling the table. */
const CREATIONS_PER_USER: AttemptLimit = {
  name: 'campaign-create:user',
  max: 30,
  timeWindowMs: 60 * 60_000,
  key: (request) => request.userId?.toString(),
};

/** The dashboard's view of campaign `id` for `userId`, or 404 when they may not run it. */
export async function viewFor(app: FastifyInstance, id: number, userId: number) {
  const { campaign, role } = await requireCampaignRole(app.db, id, userId);
  const member = role === 'member' || (await isAssociateMember(app.db, campaign.associateId, userId));
  return campaignEditView(app.db, campaign, role, member, app.mediaUrl);
}

export const campaignManageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const view = { 200: api.editableCampaign, ...errorResponses(400, 401, 404) };

  app.get(
    '/associate/:uid/campaign-templates/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The campaign types the user may start for an associate, and the associate's templates for them",
        params: z.object({ uid: z.string().min(1).max(64) }),
        querystring: api.langQuery,
        response: { 200: api.campaignTemplateList, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => campaignTemplates(app.db, request.params.uid, request.userId!, request.query.lang),
  );

  app.post(
    '/campaign/',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [CREATIONS_PER_USER] },
      schema: {
        tags,
        summary: 'Start a campaign for an associate as a private draft, from one of its templates',
        body: api.createCampaignBody,
        response: { 201: api.editableCampaign, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { associate_uid: associateUid, type, template_id: templateId } = request.body;
      const id = await createCampaign(app.db, request.userId!, {
        associateUid,
        type: type as CampaignType,
        templateId: templateId ?? null,
      });
      return reply.code(201).send(await viewFor(app, id, request.userId!));
    },
  );

  app.get(
    '/campaign/:id/edit/',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'A campaign as its dashboard shows it (drafts included)', params, response: view },
    },
    (request) => viewFor(app, request.params.id, request.userId!),
  );

  app.get(
    '/campaign/:id/preview/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A campaign as its public page will show it, drafts included (its team only)',
        params,
        querystring: api.langQuery,
        response: { 200: api.campaignDetail, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { campaign } = await requireCampaignRole(app.db, request.params.id, request.userId!);
      return getCampaign(app.db, campaign.id, request.query.lang, { page: 1, page_size: CAMPAIGN_PAGE_MESSAGES }, app.mediaUrl, campaign);
    },
  );

  app.patch(
    '/campaign/:id/edit/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Change a campaign's settings, texts or story (dates not before today; the story is sanitised)",
        params,
        body: api.campaignEditBody,
        response: { ...view, ...errorResponses(403, 409) },
      },
    },
    async (request) => {
      const { campaign, role } = await requireCampaignRole(app.db, request.params.id, request.userId!);
      const member = role === 'member' || (await isAssociateMember(app.db, campaign.associateId, request.userId!));
      await editCampaign(app.db, campaign.id, { role, isMember: member }, request.body);
      return viewFor(app, campaign.id, request.userId!);
    },
  );

  app.post(
    '/campaign/:id/release/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Release a campaign: public from now once every release check is met (409 lists the unmet ones); a supporter's campaign its associate has not approved asks the associate instead and stays private",
        params,
        body: api.langQuery.optional(),
        response: { ...view, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { campaign, role } = await requireCampaignRole(app.db, request.params.id, request.userId!);
      const member = role === 'member' || (await isAssociateMember(app.db, campaign.associateId, request.userId!));
      await releaseCampaign(app.db, app.mailLinks, campaign.id, { userId: request.userId!, runsAssociate: member });
      return viewFor(app, request.params.id, request.userId!);
    },
  );

  app.post(
    '/campaign/:id/to_private/',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Hide a released campaign from visitors again', params, body: api.langQuery.optional(), response: view },
    },
    async (request) => {
      await requireCampaignRole(app.db, request.params.id, request.userId!);
      await campaignToPrivate(app.db, request.params.id);
      return viewFor(app, request.params.id, request.userId!);
    },
  );

  app.post(
    '/campaign/:id/main-visual/',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [CAMPAIGN_UPLOADS_PER_USER] },
      schema: {
        tags,
        summary: "Upload the campaign's main visual (multipart field `file`: JPEG, PNG, WebP or GIF up to 5 MB)",
        params,
        consumes: ['multipart/form-data'],
        response: { ...view, ...errorResponses(429) },
      },
    },
    async (request) => {
      await requireCampaignRole(app.db, request.params.id, request.userId!);
      await setMainVisual(app.db, app.fileStorage, request.params.id, await uploadedFile(request));
      return viewFor(app, request.params.id, request.userId!);
    },
  );

  app.post(
    '/campaign/:id/upload-story-image/',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [CAMPAIGN_UPLOADS_PER_USER] },
      schema: {
        tags,
        summary: 'Upload an image for the story (multipart field `file`); answers its URL to put in the story',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: api.uploadedImage, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await requireCampaignRole(app.db, request.params.id, request.userId!);
      const path = await addStoryImage(app.fileStorage, request.params.id, await uploadedFile(request));
      return { url: app.mediaUrl(path) };
    },
  );

  app.get(
    '/user/my_page/campaigns/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The user's campaigns and drafts, and those of the associates they are a member of",
        querystring: api.langQuery,
        response: { 200: api.myCampaignList, ...errorResponses(400, 401) },
      },
    },
    (request) => myCampaigns(app.db, request.userId!, request.query.lang, app.mediaUrl),
  );
};
