// The console's import of gifts received outside Kifu (ADR 077): owners and staff (`manage`)
// preview and import a CSV file sent as multipart field `file`; every member reads the imported
// gifts; an owner (`administer`) deletes an import with its gifts. Registered inside the console's
// routes, so nothing here is cached.
import multipart from '@fastify/multipart';
import { api, EXTERNAL_GIFT_IMPORT_MAX_BYTES, isUsableText } from '@kifu/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import type { AttemptLimit } from '../plugins/rate-limit';
import { requireAssociateRole } from './console-access';
import {
  deleteExternalGiftImport,
  importExternalGifts,
  listExternalGiftImports,
  listExternalGifts,
  previewExternalGifts,
  type ExternalGiftFile,
} from './external-gifts';

const tags = ['associate console'];
/** A file of 5,000 rows is checked in well under a second; an office corrects and previews a file a few times. */
const CSV_UPLOADS_PER_USER: AttemptLimit = {
  name: 'external-gifts-upload:user',
  max: 120,
  timeWindowMs: 60 * 60_000,
  key: (request) => request.userId?.toString(),
};
const FILE_NAME_MAX_LENGTH = 200;

/** The multipart field `file`: its bytes and its name (kept for the list; a name that is not usable text is dropped). */
async function csvFile(request: FastifyRequest): Promise<ExternalGiftFile> {
  if (!request.isMultipart()) throw new AppError('validation_failed', 'send the file as multipart/form-data', { file: ['required'] });
  const part = await request.file();
  if (!part || part.fieldname !== 'file')
    throw new AppError('validation_failed', 'the file goes in the field `file`', { file: ['required'] });
  try {
    const bytes = await part.toBuffer();
    const name = isUsableText(part.filename) && !/\p{Cc}/u.test(part.filename) ? part.filename.slice(0, FILE_NAME_MAX_LENGTH) : '';
    return { name: name || 'import.csv', bytes };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('validation_failed', 'the file is larger than 2 MB', { file: ['tooLarge'] });
    }
    throw error;
  }
}

export const externalGiftRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: EXTERNAL_GIFT_IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/associate/:uid/console/external-gifts/preview/',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [CSV_UPLOADS_PER_USER] },
      schema: {
        tags,
        summary:
          'Checks a CSV of gifts received outside Kifu (owners and staff; multipart field `file`, UTF-8 or Shift_JIS, up to 2 MB and 5,000 rows): every failing cell by row and column, how many rows are new and which were imported before',
        params: api.associateUidParams,
        consumes: ['multipart/form-data'],
        response: { 200: api.externalGiftPreview, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      // The role first: a caller who may not import learns nothing from how a file fails.
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      return previewExternalGifts(app.db, caller.associate.id, await csvFile(request));
    },
  );

  app.post(
    '/associate/:uid/console/external-gifts/import/',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [CSV_UPLOADS_PER_USER] },
      schema: {
        tags,
        summary:
          'Imports the new rows of a CSV of gifts received outside Kifu, all or nothing (owners and staff); a file with a failing row is refused, rows imported before are skipped; audited',
        params: api.associateUidParams,
        consumes: ['multipart/form-data'],
        response: { 200: api.externalGiftImportResult, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      return importExternalGifts(app.db, caller, await csvFile(request));
    },
  );

  app.get(
    '/associate/:uid/console/external-gifts/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The gifts received outside Kifu that the associate imported, the latest received first, with the file each came from',
        params: api.associateUidParams,
        querystring: api.externalGiftListQuery,
        response: { 200: api.externalGiftList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return listExternalGifts(app.db, caller.associate.id, request.query);
    },
  );

  app.get(
    '/associate/:uid/console/external-gifts/imports/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The files the associate imported gifts from, the latest first: when, the name and how many gifts each added',
        params: api.associateUidParams,
        querystring: api.externalGiftListQuery,
        response: { 200: api.externalGiftImportList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return listExternalGiftImports(app.db, caller.associate.id, request.query);
    },
  );

  app.delete(
    '/associate/:uid/console/external-gifts/imports/:importId/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Deletes one import and every gift it added (owners only); audited',
        params: api.externalGiftImportParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'administer');
      await deleteExternalGiftImport(app.db, caller, request.params.importId);
      return reply.status(204).send(null);
    },
  );
};
