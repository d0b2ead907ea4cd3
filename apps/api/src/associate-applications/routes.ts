// Joining Kifu over HTTP (ADR 078). A signed-in user applies for their organisation, reads their
// application and sends it again when staff ask for changes; their documents are theirs and staff's
// to read. Kifu's staff list applications, read one and approve, decline or ask for changes, and
// read what waits for them on /staff. Everything here is private (no cache keeps it).
import multipart from '@fastify/multipart';
import { api, APPLICATION_DOCUMENT_MAX_BYTES, applicationReason, associateApplicationInput } from '@kifu/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStaff, requireStaff } from '../campaigns/manage/reward-review';
import { associateApplications, campaignRewardChecks } from '../db/schema/index';
import { perCallerLimit } from '../plugins/rate-limit';
import { errorResponses } from '../lib/error-responses';
import { sendFile } from '../lib/send-file';
import type { AttemptLimit } from '../plugins/rate-limit';
import { readApplicationDocument, toApplicationDocument, uploadApplicationDocument } from './application-documents';
import { applicationById, applicationView, latestApplicationOf, staffApplicationList } from './application-views';
import { decideApplication, type Decision } from './review-application';
import { resubmitApplication, submitApplication } from './submit-application';

const tags = ['joining Kifu'];
/** Each submission asks the bank: a person correcting their form, not a script probing accounts. */
const SUBMISSIONS_PER_MINUTE = 10;
const DOCUMENT_UPLOADS_PER_USER: AttemptLimit = {
  name: 'application-document:user',
  max: 60,
  timeWindowMs: 60 * 60_000,
  key: (request) => request.userId?.toString(),
};

export const associateApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: APPLICATION_DOCUMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const deps = { db: app.db, bank: app.bankGateway, mailLinks: app.mailLinks };

  app.post(
    '/associate-applications/',
    {
      preHandler: app.requireUser,
      config: perCallerLimit(SUBMISSIONS_PER_MINUTE),
      schema: {
        tags,
        summary: 'Apply to join Kifu; the bank checks the payout account first; one open application per user; mailed to the applicant',
        querystring: api.langQuery,
        body: associateApplicationInput,
        response: { 201: api.associateApplicationView, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const row = await submitApplication(deps, request.userId!, request.body);
      return reply.code(201).send(await applicationView(app.db, row, request.query.lang));
    },
  );

  app.get(
    '/associate-applications/mine/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user's latest application, or null",
        querystring: api.langQuery,
        response: { 200: api.myAssociateApplication, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const row = await latestApplicationOf(app.db, request.userId!);
      return { application: row ? await applicationView(app.db, row, request.query.lang) : null };
    },
  );

  app.put(
    '/associate-applications/:id/',
    {
      preHandler: app.requireUser,
      config: perCallerLimit(SUBMISSIONS_PER_MINUTE),
      schema: {
        tags,
        summary: 'Its applicant sends the application again after staff asked for changes',
        params: api.associateApplicationParams,
        querystring: api.langQuery,
        body: associateApplicationInput,
        response: { 200: api.associateApplicationView, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const row = await resubmitApplication(deps, request.userId!, request.params.id, request.body);
      return applicationView(app.db, row, request.query.lang);
    },
  );

  app.post(
    '/associate-applications/documents/',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [DOCUMENT_UPLOADS_PER_USER] },
      schema: {
        tags,
        summary:
          'Upload a document for an application (multipart field `file`: a PDF, or a JPEG, PNG, WebP or GIF image, up to 10 MB); private',
        consumes: ['multipart/form-data'],
        response: { 201: api.applicationDocument, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const row = await uploadApplicationDocument({ db: app.db, storage: app.fileStorage }, request.userId!, request);
      return reply.code(201).send(toApplicationDocument(row));
    },
  );

  app.get(
    '/associate-applications/documents/:id/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A document, for its applicant or Kifu’s staff only (404 to anyone else)',
        params: api.applicationDocumentParams,
        response: { 200: z.string().describe('application/pdf or image/webp'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const reader = { userId: request.userId!, isStaff: await isStaff(app.db, request.userId!) };
      const { row, bytes } = await readApplicationDocument({ db: app.db, storage: app.fileStorage }, request.params.id, reader);
      // A download, never a page of ours: whatever a PDF holds runs in no origin of Kifu's.
      reply.header('content-security-policy', "default-src 'none'; sandbox").header('x-content-type-options', 'nosniff');
      return sendFile(reply, bytes, row.contentType, `document-${row.id}.${row.contentType === 'application/pdf' ? 'pdf' : 'webp'}`);
    },
  );

  // Kifu's staff.
  app.get(
    '/staff/overview/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "What waits for Kifu's staff, counted: applications and reward reviews (staff only)",
        response: { 200: api.staffOverview, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await requireStaff(app.db, request.userId!);
      const [[applications], [rewardChecks]] = await Promise.all([
        app.db.select({ n: count() }).from(associateApplications).where(eq(associateApplications.status, 'submitted')),
        app.db.select({ n: count() }).from(campaignRewardChecks).where(eq(campaignRewardChecks.status, 'requested')),
      ]);
      return { applications_waiting: applications?.n ?? 0, reward_checks_waiting: rewardChecks?.n ?? 0 };
    },
  );

  app.get(
    '/staff/associate-applications/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Applications in one state, the longest waiting first (Kifu's staff only)",
        querystring: api.staffApplicationListQuery,
        response: { 200: api.staffApplicationList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await requireStaff(app.db, request.userId!);
      return { results: await staffApplicationList(app.db, request.query.status, request.query.lang) };
    },
  );

  app.get(
    '/staff/associate-applications/:id/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "One application, whole (Kifu's staff only)",
        params: api.associateApplicationParams,
        querystring: api.langQuery,
        response: { 200: api.associateApplicationView, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireStaff(app.db, request.userId!);
      return applicationView(app.db, await applicationById(app.db, request.params.id), request.query.lang);
    },
  );

  const decisionRoute = (path: string, decision: Decision, summary: string) =>
    app.post(
      `/staff/associate-applications/:id/${path}/`,
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary,
          params: api.associateApplicationParams,
          querystring: api.langQuery,
          body: decision === 'approve' ? z.object({}).strict().optional() : applicationReason,
          response: { 200: api.associateApplicationView, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await requireStaff(app.db, request.userId!);
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? '';
        const row = await decideApplication(deps, request.userId!, request.params.id, decision, reason);
        if (decision === 'approve') app.publicReadCache.changed();
        return applicationView(app.db, row, request.query.lang);
      },
    );
  decisionRoute('approve', 'approve', "Approve: the associate goes live with the applicant as its owner; mailed (Kifu's staff only)");
  decisionRoute('decline', 'decline', "Decline with a reason; mailed (Kifu's staff only)");
  decisionRoute('request-changes', 'request_changes', "Ask the applicant for changes with a reason; mailed (Kifu's staff only)");
};
