// The dashboard's calls for a campaign's parts (issue 15, spec §7): rewards, usages, the custom
// author and the stretch goal, each image by upload; the reward review (the owner asks, Kifu's
// staff decide); promotion codes. Signed-in; a campaign's owner and its associate's members only
// (404 to anyone else), staff for review decisions (403 to others).
import multipart from '@fastify/multipart';
import { api, campaignEndDay, campaignEndInstant } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignCustomAuthors, campaignDiscounts, campaignRewards, campaignStretchGoals, campaignUsages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { dropUploadedImage, UPLOAD_IMAGE_MAX_BYTES, uploadedFile } from '../../media/uploaded-image';
import { requireCampaignRole } from './campaign-access';
import { CAMPAIGN_IMAGE_SIZES, storeCampaignImage } from './campaign-images';
import {
  addReward,
  addUsage,
  changeReward,
  changeUsage,
  removeReward,
  rewardOf,
  setCustomAuthor,
  setStretchTarget,
  toEditableReward,
  toEditableUsage,
  usageOf,
} from './manage-items';
import { CAMPAIGN_UPLOADS_PER_USER } from './manage-routes';
import { decideRewardCheck, isStaff, requestRewardReview, rewardCheckOf, rewardChecksOf, toRewardCheck } from './reward-review';

const tags = ['campaign dashboard'];
const idParams = z.object({ id: api.rowIdParam });
const rewardParams = z.object({ id: api.rowIdParam, rewardId: api.rowIdParam });
const discountParams = z.object({ id: api.rowIdParam, discountId: api.rowIdParam });
const noContent = { 204: z.null().describe('Deleted') };
const partial = <T extends z.ZodObject>(schema: T) => schema.partial().extend({ lang: api.langQuery.shape.lang });

/** Replaces a stored image path with a new upload and drops the old file. */
async function replaceImage(
  app: FastifyInstance,
  table: typeof campaignRewards | typeof campaignUsages | typeof campaignCustomAuthors,
  row: { id: number; campaignId: number; imagePath: string },
  bytes: Buffer,
): Promise<void> {
  const path = await storeCampaignImage(app.fileStorage, row.campaignId, bytes, CAMPAIGN_IMAGE_SIZES.item);
  await app.db.update(table).set({ imagePath: path }).where(eq(table.id, row.id));
  await dropUploadedImage(app.fileStorage, row.imagePath);
}

const toAuthor = (row: typeof campaignCustomAuthors.$inferSelect, app: FastifyInstance) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  image_url: app.mediaUrl(row.imagePath),
});
const toDiscount = (row: typeof campaignDiscounts.$inferSelect) => ({
  id: row.id,
  code: row.code,
  discount_amount: row.discountAmount,
  is_active: row.isActive,
  valid_until: row.validUntil ? campaignEndDay(row.validUntil) : null,
});
const authorOut = z.object({ id: z.number().int(), name: z.string(), description: z.string(), image_url: z.string() });

export const campaignItemRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const guard = { preHandler: app.requireUser };
  const upload = { preHandler: app.requireUser, config: { attemptLimits: [CAMPAIGN_UPLOADS_PER_USER] } };
  const errors = errorResponses(400, 401, 404, 409);
  const may = (request: { userId?: number }, campaignId: number) => requireCampaignRole(app.db, campaignId, request.userId!);

  // Rewards.
  app.post(
    '/campaign/:id/rewards/',
    {
      ...guard,
      schema: { tags, summary: 'Add a reward', params: idParams, body: api.rewardBody, response: { 201: api.editableReward, ...errors } },
    },
    async (request, reply) => {
      await may(request, request.params.id);
      return reply.code(201).send(toEditableReward(await addReward(app.db, request.params.id, request.body), app.mediaUrl));
    },
  );
  app.patch(
    '/campaign/:id/rewards/:rewardId/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Change a reward (its price stays once someone chose it)',
        params: rewardParams,
        body: partial(api.rewardBody),
        response: { 200: api.editableReward, ...errors },
      },
    },
    async (request) => {
      await may(request, request.params.id);
      return toEditableReward(await changeReward(app.db, request.params.id, request.params.rewardId, request.body), app.mediaUrl);
    },
  );
  app.delete(
    '/campaign/:id/rewards/:rewardId/',
    {
      ...guard,
      schema: { tags, summary: 'Remove a reward nobody chose yet', params: rewardParams, response: { ...noContent, ...errors } },
    },
    async (request, reply) => {
      await may(request, request.params.id);
      const removed = await removeReward(app.db, request.params.id, request.params.rewardId);
      await dropUploadedImage(app.fileStorage, removed.imagePath);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/campaign/:id/rewards/:rewardId/image/',
    {
      ...upload,
      schema: {
        tags,
        summary: "Upload a reward's image (multipart field `file`)",
        params: rewardParams,
        consumes: ['multipart/form-data'],
        response: { 200: api.editableReward, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await may(request, request.params.id);
      const reward = await rewardOf(app.db, request.params.id, request.params.rewardId);
      await replaceImage(app, campaignRewards, reward, await uploadedFile(request));
      return toEditableReward(await rewardOf(app.db, request.params.id, reward.id), app.mediaUrl);
    },
  );

  // Usages.
  app.post(
    '/campaign/usage/',
    {
      ...guard,
      schema: { tags, summary: 'Add how the money will be used', body: api.usageBody, response: { 201: api.editableUsage, ...errors } },
    },
    async (request, reply) => {
      const campaignId = request.body.campaign;
      if (campaignId === undefined) throw new AppError('validation_failed', 'which campaign', { campaign: ['required'] });
      await may(request, campaignId);
      return reply.code(201).send(toEditableUsage(await addUsage(app.db, campaignId, request.body), app.mediaUrl));
    },
  );
  const usageOfCaller = async (request: { userId?: number }, usageId: number) => {
    const usage = await usageOf(app.db, usageId);
    await may(request, usage.campaignId);
    return usage;
  };
  app.patch(
    '/campaign/usage/:id/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Change a usage',
        params: idParams,
        body: partial(api.usageBody),
        response: { 200: api.editableUsage, ...errors },
      },
    },
    async (request) => {
      const usage = await usageOfCaller(request, request.params.id);
      return toEditableUsage(await changeUsage(app.db, usage.id, request.body), app.mediaUrl);
    },
  );
  app.delete(
    '/campaign/usage/:id/',
    { ...guard, schema: { tags, summary: 'Remove a usage', params: idParams, response: { ...noContent, ...errors } } },
    async (request, reply) => {
      const usage = await usageOfCaller(request, request.params.id);
      await app.db.delete(campaignUsages).where(eq(campaignUsages.id, usage.id));
      await dropUploadedImage(app.fileStorage, usage.imagePath);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/campaign/usage/:id/image/',
    {
      ...upload,
      schema: {
        tags,
        summary: "Upload a usage's image (multipart field `file`)",
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: api.editableUsage, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const usage = await usageOfCaller(request, request.params.id);
      await replaceImage(app, campaignUsages, usage, await uploadedFile(request));
      return toEditableUsage(await usageOf(app.db, usage.id), app.mediaUrl);
    },
  );

  // The custom author.
  app.put(
    '/campaign/:id/custom-author/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Name who the page shows as its author',
        params: idParams,
        body: api.customAuthorBody,
        response: { 200: authorOut, ...errors },
      },
    },
    async (request) => {
      await may(request, request.params.id);
      return toAuthor(await setCustomAuthor(app.db, request.params.id, request.body), app);
    },
  );
  const authorOfCaller = async (request: { userId?: number }, authorId: number) => {
    const [author] = await app.db.select().from(campaignCustomAuthors).where(eq(campaignCustomAuthors.id, authorId));
    if (!author) throw new AppError('not_found', `custom author ${authorId} not found`);
    await may(request, author.campaignId);
    return author;
  };
  app.delete(
    '/campaign/custom-author/:id/',
    {
      ...guard,
      schema: { tags, summary: 'Show the associate as the author again', params: idParams, response: { ...noContent, ...errors } },
    },
    async (request, reply) => {
      const author = await authorOfCaller(request, request.params.id);
      await app.db.delete(campaignCustomAuthors).where(eq(campaignCustomAuthors.id, author.id));
      await dropUploadedImage(app.fileStorage, author.imagePath);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/campaign/custom-author/:id/image/',
    {
      ...upload,
      schema: {
        tags,
        summary: "Upload the author's picture (multipart field `file`)",
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: authorOut, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const author = await authorOfCaller(request, request.params.id);
      await replaceImage(app, campaignCustomAuthors, author, await uploadedFile(request));
      return toAuthor((await app.db.select().from(campaignCustomAuthors).where(eq(campaignCustomAuthors.id, author.id)))[0]!, app);
    },
  );

  // The stretch goal.
  app.put(
    '/campaign/:id/stretch-target/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Set the next goal once the first is reached (above the goal)',
        params: idParams,
        body: api.stretchTargetBody,
        response: { 200: api.campaignStretchTarget, ...errors },
      },
    },
    async (request) => {
      await may(request, request.params.id);
      const row = await setStretchTarget(app.db, request.params.id, request.body);
      return { target_amount: row.targetAmount, description: row.description };
    },
  );
  app.delete(
    '/campaign/:id/stretch-target/',
    { ...guard, schema: { tags, summary: 'Remove the stretch goal', params: idParams, response: { ...noContent, ...errors } } },
    async (request, reply) => {
      await may(request, request.params.id);
      await app.db.delete(campaignStretchGoals).where(eq(campaignStretchGoals.campaignId, request.params.id));
      return reply.code(204).send(null);
    },
  );

  // The reward review.
  app.post(
    '/campaign/:id/reward-review-request/',
    {
      ...guard,
      schema: {
        tags,
        summary: "Ask Kifu's staff to review the rewards (not while a review waits or they are approved as they are)",
        params: idParams,
        body: api.langQuery.optional(),
        response: { 201: api.rewardCheck, ...errors },
      },
    },
    async (request, reply) => {
      await may(request, request.params.id);
      return reply.code(201).send(toRewardCheck(await requestRewardReview(app.db, request.params.id)));
    },
  );
  /** The campaign's team may read its reviews; staff may read every campaign's. */
  const mayRead = async (request: { userId?: number }, campaignId: number) => {
    if (await isStaff(app.db, request.userId!)) return;
    await may(request, campaignId);
  };
  app.get(
    '/campaign/reward-check/',
    {
      ...guard,
      schema: {
        tags,
        summary: "A campaign's reward reviews, newest first",
        querystring: z.object({ campaign: api.rowIdParam }),
        response: { 200: z.object({ results: z.array(api.rewardCheck) }), ...errors },
      },
    },
    async (request) => {
      await mayRead(request, request.query.campaign);
      return { results: (await rewardChecksOf(app.db, request.query.campaign)).map(toRewardCheck) };
    },
  );
  app.get(
    '/campaign/reward-check/:id/',
    { ...guard, schema: { tags, summary: 'One reward review', params: idParams, response: { 200: api.rewardCheck, ...errors } } },
    async (request) => {
      const check = await rewardCheckOf(app.db, request.params.id);
      await mayRead(request, check.campaignId);
      return toRewardCheck(check);
    },
  );
  app.patch(
    '/campaign/reward-check/:id/',
    {
      ...guard,
      schema: {
        tags,
        summary: "Kifu's staff approve or reject a waiting review",
        params: idParams,
        body: api.rewardCheckDecision,
        response: { 200: api.rewardCheck, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!(await isStaff(app.db, request.userId!))) throw new AppError('forbidden', "only Kifu's staff review rewards");
      return toRewardCheck(await decideRewardCheck(app.db, request.params.id, request.body));
    },
  );

  // Promotion codes (ADR 036).
  app.post(
    '/campaign/:id/discounts/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Add a promotion code that waives part of the fee on gifts to the campaign',
        params: idParams,
        body: api.discountBody,
        response: { 201: api.editableDiscount, ...errors },
      },
    },
    async (request, reply) => {
      await may(request, request.params.id);
      const { code, discount_amount: discountAmount, valid_until: validUntil } = request.body;
      const [row] = await app.db
        .insert(campaignDiscounts)
        .values({ campaignId: request.params.id, code, discountAmount, validUntil: validUntil ? campaignEndInstant(validUntil) : null })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('validation_failed', 'the campaign has this code already', { code: ['unique'] });
      return reply.code(201).send(toDiscount(row));
    },
  );
  app.delete(
    '/campaign/:id/discounts/:discountId/',
    {
      ...guard,
      schema: { tags, summary: 'Remove a promotion code', params: discountParams, response: { ...noContent, ...errors } },
    },
    async (request, reply) => {
      await may(request, request.params.id);
      const removed = await app.db
        .delete(campaignDiscounts)
        .where(and(eq(campaignDiscounts.id, request.params.discountId), eq(campaignDiscounts.campaignId, request.params.id)))
        .returning({ id: campaignDiscounts.id });
      if (removed.length === 0) throw new AppError('not_found', 'no such promotion code');
      return reply.code(204).send(null);
    },
  );
};
