// The console's page editor (ADR 067): every member reads the editable texts of the organisation's
// public page; owners and staff change them (the `manage` permission, ADR 060). Registered inside
// the console's routes, so its answers are never cached and its writes forget the kept public reads.
// The logo, main visual and issuer's seal are uploaded here too, and the seal is read back only by
// the associate's members (ADR 070).
import multipart from '@fastify/multipart';
import { api } from '@kifu/domain';
import { ASSOCIATE_PAGE_IMAGE_KINDS } from '@kifu/domain/associate-page';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { UPLOAD_IMAGE_MAX_BYTES, uploadedFile } from '../media/uploaded-image';
import type { AttemptLimit } from '../plugins/rate-limit';
import { associatePageOf, editAssociatePage } from './associate-page';
import { currentSealPath, removeSeal, sealFileName, sealWebp, setAssociateImage } from './associate-page-images';
import { requireAssociateRole } from './console-access';

const tags = ['associate console'];
/** Image processing is the costly call: an organisation's few images changed many times an hour, not a flood. */
const PAGE_UPLOADS_PER_USER: AttemptLimit = {
  name: 'associate-page-upload:user',
  max: 60,
  timeWindowMs: 60 * 60_000,
  key: (request) => request.userId?.toString(),
};
const imageParams = api.associateUidParams.extend({ kind: z.enum(ASSOCIATE_PAGE_IMAGE_KINDS) });
const sealParams = api.associateUidParams.extend({ file: z.string().regex(/^[0-9]{1,10}-[0-9a-f]{16}\.webp$/, 'pattern') });

export const associatePageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/associate/:uid/console/page/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The organisation's public page as its editor shows it: each text in Japanese and English side by side",
        params: api.associateUidParams,
        response: { 200: api.editableAssociatePage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return associatePageOf(app.db, caller.associate.id, app.mediaUrl);
    },
  );

  app.patch(
    '/associate/:uid/console/page/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Changes the organisation's public page (owners and staff); answers the page as saved and the fields changed in one language only",
        params: api.associateUidParams,
        body: api.associatePageEditBody,
        response: { 200: api.savedAssociatePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      return editAssociatePage(app.db, caller.associate.id, request.body, app.mediaUrl);
    },
  );

  app.post(
    '/associate/:uid/console/page/images/:kind/',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [PAGE_UPLOADS_PER_USER] },
      schema: {
        tags,
        summary:
          "Uploads the organisation's logo, main visual or receipt seal (owners and staff; multipart field `file`: JPEG, PNG, WebP or GIF up to 5 MB); answers the page",
        params: imageParams,
        consumes: ['multipart/form-data'],
        response: { 200: api.editableAssociatePage, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      // The role first: a caller who may not change the page learns nothing from how an upload fails.
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      await setAssociateImage(app.db, app.fileStorage, caller.associate.id, request.params.kind, await uploadedFile(request));
      return associatePageOf(app.db, caller.associate.id, app.mediaUrl);
    },
  );

  app.delete(
    '/associate/:uid/console/page/images/seal/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Takes the issuer's seal off the organisation's receipts (owners and staff); answers the page",
        params: api.associateUidParams,
        response: { 200: api.editableAssociatePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      await removeSeal(app.db, app.fileStorage, caller.associate.id);
      return associatePageOf(app.db, caller.associate.id, app.mediaUrl);
    },
  );

  app.get(
    '/associate/:uid/console/page/seal/:file',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The issuer's seal as its receipts print it (WebP; the associate's members only)",
        params: sealParams,
        response: { 200: z.any().describe('image/webp'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      // Only the current seal: an old one's address finds nothing once it is replaced or removed.
      const sealPath = await currentSealPath(app.db, caller.associate.id);
      const bytes = sealFileName(sealPath) === request.params.file ? await sealWebp(app.fileStorage, sealPath) : undefined;
      if (!bytes) throw new AppError('not_found', 'no such seal');
      return reply.type('image/webp').header('x-content-type-options', 'nosniff').send(bytes);
    },
  );
};
