// The console's CSV export routes and jobs (ADR 065), each behind the export permission (ADR 060:
// viewers 403, anyone outside the associate 404, anonymous 401): ask for an export, follow its
// progress, list the recent ones, download a ready file. The export is audited once, when its job
// makes it ready; a download is not audited again (ADR 065).
import { api } from '@kifu/domain';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../lib/error-responses';
import { requireAssociateRole } from './console-access';
import {
  BUILD_CONSOLE_EXPORT_JOB,
  buildExport,
  exportFile,
  exportFileName,
  exportOf,
  exportView,
  listExports,
  requestExport,
  SWEEP_CONSOLE_EXPORTS_JOB,
  sweepExpiredExports,
} from './console-export';

const tags = ['associate console'];

/** A CSV download read from storage as it is sent, which no cache keeps. */
function sendStream(reply: FastifyReply, file: Readable, fileName: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file);
}
const SWEEP_EVERY_MS = 60 * 60_000;

export const consoleExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle(BUILD_CONSOLE_EXPORT_JOB, async (payload, job) => {
    const exportId = Number(payload.exportId);
    if (!Number.isInteger(exportId)) throw new Error(`${BUILD_CONSOLE_EXPORT_JOB}: payload has no exportId`);
    await buildExport({ db: app.db, storage: app.fileStorage, mailLinks: app.mailLinks }, exportId, {
      jobId: job.id,
      attempt: job.attempts,
      lastAttempt: job.attempts >= job.maxAttempts,
    });
  });
  app.jobs.handle(SWEEP_CONSOLE_EXPORTS_JOB, async () => {
    await sweepExpiredExports(app.fileStorage, app.db);
  });
  app.jobs.every(SWEEP_CONSOLE_EXPORTS_JOB, SWEEP_EVERY_MS);

  app.post(
    '/associate/:uid/console/exports/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Asks for a CSV of the gifts or supporters table with its filters, made by a job (export permission). The same request_key, or the same pending export, answers the one already asked for (200)',
        params: api.associateUidParams,
        body: api.consoleExportRequestBody,
        response: { 200: api.consoleExport, 201: api.consoleExport, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'export');
      const { row, created } = await requestExport(app.db, caller, request.body);
      return reply.status(created ? 201 : 200).send(exportView(row, caller.associate.uid));
    },
  );

  app.get(
    '/associate/:uid/console/exports/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The associate's exports still kept, newest first (export permission)",
        params: api.associateUidParams,
        response: { 200: api.consoleExports, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'export');
      return { results: (await listExports(app.db, caller.associate.id)).map((row) => exportView(row, caller.associate.uid)) };
    },
  );

  app.get(
    '/associate/:uid/console/exports/:exportId/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "An export's status and progress (rows_done of rows_total), and its download path once ready",
        params: api.consoleExportParams,
        response: { 200: api.consoleExport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'export');
      return exportView(await exportOf(app.db, caller.associate.id, request.params.exportId), caller.associate.uid);
    },
  );

  app.get(
    '/associate/:uid/console/exports/:exportId/file/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A ready export as CSV (UTF-8 with a byte order mark), streamed; 409 before it is ready, 404 once expired',
        params: api.consoleExportParams,
        response: { ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'export');
      const row = await exportOf(app.db, caller.associate.id, request.params.exportId);
      const file = await exportFile(app.fileStorage, row);
      return sendStream(reply, file, exportFileName(row, caller.associate.uid));
    },
  );
};
