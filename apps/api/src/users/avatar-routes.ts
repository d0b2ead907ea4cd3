// POST /user/me/avatar (multipart, field `file`) → 200 {avatarImage: {file: url}}; DELETE
// /user/me/avatar → 204 (ADR 031, /mypage/profile). The signed-in user's own only.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import type { AttemptLimit } from '../plugins/rate-limit';
import { uploadedFile } from '../media/uploaded-image';
import { AVATAR_MAX_BYTES, deleteAvatar, setAvatar } from './avatar';

const tags = ['users'];
/** Image processing is the costly call here: a few changes an hour per account. */
const AVATAR_UPLOADS_PER_USER: AttemptLimit = {
  name: 'avatar:user',
  max: 20,
  timeWindowMs: 60 * 60_000,
  key: (request) => request.userId?.toString(),
};

export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/user/me/avatar',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [AVATAR_UPLOADS_PER_USER] },
      schema: {
        tags,
        summary: 'Upload the profile image (multipart field `file`: JPEG, PNG, WebP or GIF up to 5 MB); stored as a 512×512 WebP',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ avatarImage: z.object({ file: z.string() }) }), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const bytes = await uploadedFile(request);
      const path = await setAvatar(app.db, app.fileStorage, request.userId!, bytes);
      return { avatarImage: { file: app.mediaUrl(path) } };
    },
  );

  app.delete(
    '/user/me/avatar',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Delete the profile image', response: { 204: z.null().describe('Deleted'), ...errorResponses(401) } },
    },
    async (request, reply) => {
      await deleteAvatar(app.db, app.fileStorage, request.userId!);
      return reply.code(204).send(null);
    },
  );
};
