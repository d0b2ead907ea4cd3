// The dashboard's calls for a campaign's parts (ADR 036, spec §7): rewards, usages, the custom
// author and the stretch goal, each image by upload; the reward review (the campaign's team asks,
// Kifu's staff decide); promotion codes. Signed-in; a campaign's owner and its associate's members
// only (404 to anyone else, campaign-access.ts), staff for review decisions (403 to others).
// The rules live in the modules named for each part; this file maps HTTP onto them.
import multipart from '@fastify/multipart';
import { api } from '@kifu/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignCustomAuthors, campaignRewards, campaignUsages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { dropUploadedImage, UPLOAD_IMAGE_MAX_BYTES, uploadedFile } from '../../media/uploaded-image';
import { requireCampaignRole } from './campaign-access';
import {
  customAuthor,
  removeCustomAuthor,
  removeStretchTarget,
  setCustomAuthor,
  setStretchTarget,
  toCustomAuthor,
} from './manage-author-and-stretch-target';
import { addDiscount, removeDiscount, toEditableDiscount } from './manage-discounts';
import { campaignItemForUser, replaceItemImage } from './manage-items';
import { addReward, changeReward, removeReward, rewardOf, toEditableReward } from './manage-rewards';
import { CAMPAIGN_UPLOADS_PER_USER } from './manage-routes';
import { addUsage, changeUsage, removeUsage, toEditableUsage } from './manage-usages';
import {
  decideRewardCheck,
  requestRewardReview,
  requireReviewReader,
  requireStaff,
  rewardCheckOf,
  rewardChecksOf,
  toRewardCheck,
  waitingRewardChecks,
} from './reward-review';

const tags = ['campaign dashboard'];
const idParams = z.object({ id: api.rowIdParam });
const rewardParams = z.object({ id: api.rowIdParam, rewardId: api.rowIdParam });
const discountParams = z.object({ id: api.rowIdParam, discountId: api.rowIdParam });
const noContent = { 204: z.null().describe('Removed') };
const lang = api.langQuery.shape.lang;

/** A PATCH body: every field optional, and one left out stays as it is (POST's default description does not apply). */
const patchBody = <S extends z.ZodObject<{ description: z.ZodDefault<z.ZodString> }>>(schema: S) =>
  schema.partial().extend({ description: schema.shape.description.unwrap().optional(), lang });
const rewardPatch = patchBody(api.rewardBody);
const usagePatch = patchBody(api.usageBody.omit({ campaign: true }));

type Caller = Pick<FastifyRequest, 'userId'>;

export const campaignItemRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const signedIn = { preHandler: app.requireUser };
  const errors = errorResponses(400, 401, 404, 409);
  const mayRun = (request: Caller, campaignId: number) => requireCampaignRole(app.db, campaignId, request.userId!);
  /** The options of an image upload route: the upload budget, multipart, and what it answers. */
  const imageRoute = <P extends z.ZodObject, R extends z.ZodType>(what: string, params: P, response: R) => ({
    preHandler: app.requireUser,
    config: { attemptLimits: [CAMPAIGN_UPLOADS_PER_USER] },
    schema: {
      tags,
      summary: `Upload ${what} (multipart field \`file\`: JPEG, PNG, WebP or GIF up to 5 MB; stored 800×800)`,
      params,
      consumes: ['multipart/form-data'],
      response: { 200: response, ...errorResponses(400, 401, 404, 429) },
    },
  });

  // Rewards.
  app.post(
    '/campaign/:id/rewards/',
    {
      ...signedIn,
      schema: { tags, summary: 'Add a reward', params: idParams, body: api.rewardBody, response: { 201: api.editableReward, ...errors } },
    },
    async (request, reply) => {
      await mayRun(request, request.params.id);
      return reply.code(201).send(toEditableReward(await addReward(app.db, request.params.id, request.body), app.mediaUrl));
    },
  );
  app.patch(
    '/campaign/:id/rewards/:rewardId/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change a reward (its price stays once someone chose it; its stock not below what was chosen)',
        params: rewardParams,
        body: rewardPatch,
        response: { 200: api.editableReward, ...errors },
      },
    },
    async (request) => {
      await mayRun(request, request.params.id);
      return toEditableReward(await changeReward(app.db, request.params.id, request.params.rewardId, request.body), app.mediaUrl);
    },
  );
  app.delete(
    '/campaign/:id/rewards/:rewardId/',
    {
      ...signedIn,
      schema: { tags, summary: 'Remove a reward nobody chose yet', params: rewardParams, response: { ...noContent, ...errors } },
    },
    async (request, reply) => {
      await mayRun(request, request.params.id);
      const removed = await removeReward(app.db, request.params.id, request.params.rewardId);
      await dropUploadedImage(app.fileStorage, removed.imagePath);
      return reply.code(204).send(null);
    },
  );
  app.post('/campaign/:id/rewards/:rewardId/image/', imageRoute("a reward's image", rewardParams, api.editableReward), async (request) => {
    await mayRun(request, request.params.id);
    const reward = await rewardOf(app.db, request.params.id, request.params.rewardId);
    const row = await replaceItemImage(app.db, app.fileStorage, campaignRewards, reward, await uploadedFile(request));
    return toEditableReward(row, app.mediaUrl);
  });

  // Usages, addressed by their own id.
  const usageOf = (request: Caller, id: number) => campaignItemForUser(app.db, campaignUsages, id, request.userId!);
  app.post(
    '/campaign/usage/',
    {
      ...signedIn,
      schema: { tags, summary: 'Add how the money will be used', body: api.usageBody, response: { 201: api.editableUsage, ...errors } },
    },
    async (request, reply) => {
      const campaignId = request.body.campaign;
      if (campaignId === undefined) throw new AppError('validation_failed', 'which campaign', { campaign: ['required'] });
      await mayRun(request, campaignId);
      return reply.code(201).send(toEditableUsage(await addUsage(app.db, campaignId, request.body), app.mediaUrl));
    },
  );
  app.patch(
    '/campaign/usage/:id/',
    {
      ...signedIn,
      schema: { tags, summary: 'Change a usage', params: idParams, body: usagePatch, response: { 200: api.editableUsage, ...errors } },
    },
    async (request) => toEditableUsage(await changeUsage(app.db, await usageOf(request, request.params.id), request.body), app.mediaUrl),
  );
  app.delete(
    '/campaign/usage/:id/',
    { ...signedIn, schema: { tags, summary: 'Remove a usage', params: idParams, response: { ...noContent, ...errors } } },
    async (request, reply) => {
      const usage = await usageOf(request, request.params.id);
      await removeUsage(app.db, usage);
      await dropUploadedImage(app.fileStorage, usage.imagePath);
      return reply.code(204).send(null);
    },
  );
  app.post('/campaign/usage/:id/image/', imageRoute("a usage's image", idParams, api.editableUsage), async (request) => {
    const usage = await usageOf(request, request.params.id);
    const row = await replaceItemImage(app.db, app.fileStorage, campaignUsages, usage, await uploadedFile(request));
    return toEditableUsage(row, app.mediaUrl);
  });

  // The custom author: set through its campaign, then addressed by its own id.
  const authorOf = (request: Caller, id: number) => campaignItemForUser(app.db, campaignCustomAuthors, id, request.userId!);
  app.put(
    '/campaign/:id/custom-author/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Name who the page shows as its author',
        params: idParams,
        body: api.customAuthorBody,
        response: { 200: customAuthor, ...errors },
      },
    },
    async (request) => {
      await mayRun(request, request.params.id);
      return toCustomAuthor(await setCustomAuthor(app.db, request.params.id, request.body), app.mediaUrl);
    },
  );
  app.delete(
    '/campaign/custom-author/:id/',
    {
      ...signedIn,
      schema: { tags, summary: 'Show the associate as the author again', params: idParams, response: { ...noContent, ...errors } },
    },
    async (request, reply) => {
      const author = await authorOf(request, request.params.id);
      await removeCustomAuthor(app.db, author);
      await dropUploadedImage(app.fileStorage, author.imagePath);
      return reply.code(204).send(null);
    },
  );
  app.post('/campaign/custom-author/:id/image/', imageRoute("the author's picture", idParams, customAuthor), async (request) => {
    const author = await authorOf(request, request.params.id);
    const row = await replaceItemImage(app.db, app.fileStorage, campaignCustomAuthors, author, await uploadedFile(request));
    return toCustomAuthor(row, app.mediaUrl);
  });

  // The stretch goal.
  app.put(
    '/campaign/:id/stretch-target/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Set the next goal once the first is reached (above the goal)',
        params: idParams,
        body: api.stretchTargetBody,
        response: { 200: api.campaignStretchTarget, ...errors },
      },
    },
    async (request) => {
      await mayRun(request, request.params.id);
      return setStretchTarget(app.db, request.params.id, request.body);
    },
  );
  app.delete(
    '/campaign/:id/stretch-target/',
    { ...signedIn, schema: { tags, summary: 'Remove the stretch goal', params: idParams, response: { ...noContent, ...errors } } },
    async (request, reply) => {
      await mayRun(request, request.params.id);
      await removeStretchTarget(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The reward review.
  app.post(
    '/campaign/:id/reward-review-request/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Ask Kifu's staff to review the rewards (not while a review waits or they are approved as they are)",
        params: idParams,
        body: api.langQuery.optional(),
        response: { 201: api.rewardCheck, ...errors },
      },
    },
    async (request, reply) => {
      await mayRun(request, request.params.id);
      return reply.code(201).send(toRewardCheck(await requestRewardReview(app.db, request.params.id)));
    },
  );
  app.get(
    '/campaign/reward-check/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "A campaign's reward reviews, newest first (its team, or Kifu's staff)",
        querystring: api.langQuery.extend({ campaign: api.rowIdParam }),
        response: { 200: z.object({ results: z.array(api.rewardCheck) }), ...errors },
      },
    },
    async (request) => {
      await requireReviewReader(app.db, request.query.campaign, request.userId!);
      return { results: (await rewardChecksOf(app.db, request.query.campaign)).map(toRewardCheck) };
    },
  );
  app.get(
    '/staff/reward-checks/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The reward reviews waiting for Kifu's staff, oldest first (staff only)",
        querystring: api.langQuery,
        response: { 200: z.object({ results: z.array(api.waitingRewardCheck) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await requireStaff(app.db, request.userId!);
      return { results: await waitingRewardChecks(app.db, request.query.lang, app.mediaUrl) };
    },
  );
  app.get(
    '/campaign/reward-check/:id/',
    {
      ...signedIn,
      schema: { tags, summary: 'One reward review (its team, or staff)', params: idParams, response: { 200: api.rewardCheck, ...errors } },
    },
    async (request) => {
      const check = await rewardCheckOf(app.db, request.params.id);
      await requireReviewReader(app.db, check.campaignId, request.userId!);
      return toRewardCheck(check);
    },
  );
  app.patch(
    '/campaign/reward-check/:id/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Kifu's staff approve or reject a waiting review",
        params: idParams,
        body: api.rewardCheckDecision,
        response: { 200: api.rewardCheck, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await requireStaff(app.db, request.userId!);
      return toRewardCheck(await decideRewardCheck(app.db, app.mailLinks, request.params.id, request.body));
    },
  );

  // Promotion codes (ADR 036).
  app.post(
    '/campaign/:id/discounts/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Add a promotion code that waives part of the fee on gifts to the campaign',
        params: idParams,
        body: api.discountBody,
        response: { 201: api.editableDiscount, ...errors },
      },
    },
    async (request, reply) => {
      await mayRun(request, request.params.id);
      return reply.code(201).send(toEditableDiscount(await addDiscount(app.db, request.params.id, request.body)));
    },
  );
  app.delete(
    '/campaign/:id/discounts/:discountId/',
    {
      ...signedIn,
      schema: { tags, summary: 'Remove a promotion code', params: discountParams, response: { ...noContent, ...errors } },
    },
    async (request, reply) => {
      await mayRun(request, request.params.id);
      await removeDiscount(app.db, request.params.id, request.params.discountId);
      return reply.code(204).send(null);
    },
  );
};
