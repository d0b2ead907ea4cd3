// GET /media/demo/{kind}/{seed}.svg: the generated demo images that seeded records point to.
// GET /media/uploads/{avatars|campaigns|associates}/{file}.webp: uploaded profile, campaign and
// organisation (logo, main visual) images, from the file storage (DATA_DIR/uploads; architecture.md
// §5). An issuer's seal is not served here: its members read it through the console (ADR 070).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { DEMO_IMAGE_KINDS, renderDemoSvg } from './demo-image';

const SVG_FILE = /^([a-z0-9-]{1,80})\.svg$/;
const UPLOADED_FILE = /^[0-9]{1,10}-[0-9a-f]{16}\.webp$/;
const UPLOAD_FOLDERS = ['avatars', 'campaigns', 'associates'] as const;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/demo/:kind/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'A generated demo image (SVG)',
        params: z.object({ kind: z.enum(DEMO_IMAGE_KINDS), file: z.string().regex(SVG_FILE) }),
        querystring: z.object({ text: z.string().max(24).optional() }),
        response: { 200: z.string().describe('image/svg+xml'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const seed = SVG_FILE.exec(request.params.file)?.[1];
      if (!seed) throw new AppError('not_found', 'no such demo image');
      // The SVG is ours, but it is still a document: forbid scripts and sniffing (architecture.md §1 CSP).
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .send(renderDemoSvg(request.params.kind, seed, request.query.text));
    },
  );

  app.get(
    '/media/uploads/:folder/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'An uploaded profile, campaign or organisation image (WebP)',
        params: z.object({ folder: z.enum(UPLOAD_FOLDERS), file: z.string().regex(UPLOADED_FILE, 'pattern') }),
        response: { 200: z.any().describe('image/webp'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const bytes = await app.fileStorage.get(`${request.params.folder}/${request.params.file}`);
      if (!bytes) throw new AppError('not_found', 'no such image');
      // A new upload gets a new name, so a file never changes: cache it for good.
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
