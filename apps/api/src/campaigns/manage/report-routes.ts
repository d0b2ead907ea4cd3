// The dashboard's calls for reporting back (ADR 036, spec §7 reports, reports/upload-image,
// report-schedule) and for supporters' messages (reply, hide), and supporters' fundraisers
// (support-funding). Signed-in; a campaign's owner and its associate's members only (404 to anyone
// else); the list of a campaign's fundraisers is public.
import multipart from '@fastify/multipart';
import { api, type CampaignType } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { dropUploadedImage, UPLOAD_IMAGE_MAX_BYTES, uploadedFile } from '../../media/uploaded-image';
import { requireCampaignRole } from './campaign-access';
import { addStoryImage } from './campaign-images';
import { dashboardMessages, updateMessage } from './manage-messages';
import {
  addReport,
  addSchedule,
  changeReport,
  changeSchedule,
  removeReport,
  removeSchedule,
  reportOf,
  scheduleOf,
  schedulesOf,
  setReportMainVisual,
  toEditableReport,
  toEditableSchedule,
} from './manage-reports';
import { CAMPAIGN_UPLOADS_PER_USER, viewFor } from './manage-routes';
import { startSupportFunding, supportFundingsOf } from './support-fundings';

const tags = ['campaign dashboard'];
const idParams = z.object({ id: api.rowIdParam });
const reportParams = z.object({ id: api.rowIdParam, reportId: api.rowIdParam });
const messageParams = z.object({ id: api.rowIdParam, messageId: api.rowIdParam });
const noContent = { 204: z.null().describe('Deleted') };
// Not reportBody.partial(): zod keeps a field's default inside optional(), so a PATCH that left out
// `body` or `schedule_ids` would empty them. Absent means unchanged.
const reportChange = z.object({
  title: api.reportBody.shape.title.optional(),
  body: api.reportBody.shape.body.unwrap().optional(),
  schedule_ids: api.reportBody.shape.schedule_ids.unwrap().optional(),
  publish: z.boolean().optional(),
  lang: api.langQuery.shape.lang,
});
const scheduleChange = api.reportScheduleBody.partial().extend({ lang: api.langQuery.shape.lang });

export const campaignReportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  app.addHook('onSend', async (request, reply, payload) => {
    // The public list of fundraisers may be cached like the campaign page; the rest is private.
    if (!request.url.startsWith('/campaign/support-funding/') || request.method !== 'GET')
      reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const guard = { preHandler: app.requireUser };
  const upload = { preHandler: app.requireUser, config: { attemptLimits: [CAMPAIGN_UPLOADS_PER_USER] } };
  const errors = errorResponses(400, 401, 404, 409);
  const may = (request: { userId?: number }, campaignId: number) => requireCampaignRole(app.db, campaignId, request.userId!);

  // Reports.
  app.post(
    '/campaign/:id/reports/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Write a report (a draft)',
        params: idParams,
        body: api.reportBody,
        response: { 201: api.editableReport, ...errors },
      },
    },
    async (request, reply) => {
      await may(request, request.params.id);
      const row = await addReport(app.db, request.params.id, request.body);
      return reply.code(201).send(await toEditableReport(app.db, row, app.mediaUrl));
    },
  );
  app.patch(
    '/campaign/:id/reports/:reportId/',
    {
      ...guard,
      schema: {
        tags,
        summary: "Change a report; `publish: true` publishes it (a released campaign's) and mails its supporters",
        params: reportParams,
        body: reportChange,
        response: { 200: api.editableReport, ...errors },
      },
    },
    async (request) => {
      await may(request, request.params.id);
      const row = await changeReport(app.db, app.mailLinks, request.params.id, request.params.reportId, request.body);
      return toEditableReport(app.db, row, app.mediaUrl);
    },
  );
  app.delete(
    '/campaign/:id/reports/:reportId/',
    { ...guard, schema: { tags, summary: 'Delete a draft report', params: reportParams, response: { ...noContent, ...errors } } },
    async (request, reply) => {
      await may(request, request.params.id);
      const removed = await removeReport(app.db, request.params.id, request.params.reportId);
      await dropUploadedImage(app.fileStorage, removed.mainVisualPath);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/campaign/:id/reports/upload-image/',
    {
      ...upload,
      schema: {
        tags,
        summary: "Upload an image for a report's body (multipart field `file`); answers its URL",
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: api.uploadedImage, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await may(request, request.params.id);
      return { url: app.mediaUrl(await addStoryImage(app.fileStorage, request.params.id, await uploadedFile(request))) };
    },
  );
  app.post(
    '/campaign/:id/reports/:reportId/main-visual/',
    {
      ...upload,
      schema: {
        tags,
        summary: "Upload a report's main visual (multipart field `file`)",
        params: reportParams,
        consumes: ['multipart/form-data'],
        response: { 200: api.editableReport, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await may(request, request.params.id);
      const report = await reportOf(app.db, request.params.id, request.params.reportId);
      const row = await setReportMainVisual(app.db, app.fileStorage, report, await uploadedFile(request));
      return toEditableReport(app.db, row, app.mediaUrl);
    },
  );

  // Report schedules.
  const scheduleOfCaller = async (request: { userId?: number }, scheduleId: number) => {
    const schedule = await scheduleOf(app.db, scheduleId);
    await may(request, schedule.campaignId);
    return schedule;
  };
  app.get(
    '/campaign/report-schedule/',
    {
      ...guard,
      schema: {
        tags,
        summary: "A campaign's promised report dates",
        querystring: z.object({ campaign: api.rowIdParam }),
        response: { 200: z.object({ results: z.array(api.editableSchedule) }), ...errors },
      },
    },
    async (request) => {
      await may(request, request.query.campaign);
      return { results: await schedulesOf(app.db, request.query.campaign) };
    },
  );
  app.post(
    '/campaign/report-schedule/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Promise a report by a date (not before today)',
        body: api.reportScheduleBody,
        response: { 201: api.editableSchedule, ...errors },
      },
    },
    async (request, reply) => {
      const campaignId = request.body.campaign;
      if (campaignId === undefined) throw new AppError('validation_failed', 'which campaign', { campaign: ['required'] });
      await may(request, campaignId);
      return reply.code(201).send(toEditableSchedule(await addSchedule(app.db, campaignId, request.body)));
    },
  );
  app.patch(
    '/campaign/report-schedule/:id/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Change a report date',
        params: idParams,
        body: scheduleChange,
        response: { 200: api.editableSchedule, ...errors },
      },
    },
    async (request) => {
      const schedule = await scheduleOfCaller(request, request.params.id);
      return toEditableSchedule(await changeSchedule(app.db, schedule.id, request.body));
    },
  );
  app.delete(
    '/campaign/report-schedule/:id/',
    {
      ...guard,
      schema: { tags, summary: 'Remove a report date not yet fulfilled', params: idParams, response: { ...noContent, ...errors } },
    },
    async (request, reply) => {
      const schedule = await scheduleOfCaller(request, request.params.id);
      await removeSchedule(app.db, schedule.id);
      return reply.code(204).send(null);
    },
  );

  // Supporters' messages.
  app.get(
    '/campaign/:id/messages/manage/',
    {
      ...guard,
      schema: {
        tags,
        summary: "Every supporter's message of the campaign, hidden ones included, newest first",
        params: idParams,
        querystring: api.pageQuery,
        response: { 200: api.dashboardMessageList.extend({ page: z.number().int(), page_size: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      await may(request, request.params.id);
      return dashboardMessages(app.db, request.params.id, request.query);
    },
  );
  app.patch(
    '/campaign/:id/messages/:messageId/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Reply to a message, or hide it from the public page',
        params: messageParams,
        body: api.campaignMessageUpdate,
        response: { 200: api.dashboardMessage, ...errors },
      },
    },
    async (request) => {
      await may(request, request.params.id);
      return updateMessage(app.db, request.params.id, request.params.messageId, request.body);
    },
  );

  // Supporters' fundraisers.
  app.post(
    '/campaign/support-funding/',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Start a fundraiser of your own for a public campaign (a private draft)',
        body: api.supportFundingBody,
        response: { 201: api.editableCampaign, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const id = await startSupportFunding(app.db, request.userId!, request.body.campaign, request.body.type as CampaignType);
      return reply.code(201).send(await viewFor(app, id, request.userId!));
    },
  );
  app.get(
    '/campaign/support-funding/',
    {
      schema: {
        tags,
        summary: "A public campaign's released fundraisers: what each raised and its share",
        querystring: z.object({ campaign: api.rowIdParam, lang: api.langQuery.shape.lang }),
        response: { 200: api.supportFundingList, ...errorResponses(400, 404) },
      },
    },
    (request) => supportFundingsOf(app.db, request.query.campaign, request.query.lang),
  );
};
