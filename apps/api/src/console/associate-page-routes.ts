// The console's page editor (ADR 067): every member reads the editable texts of the organisation's
// public page; owners and staff change them (the `manage` permission, ADR 060). Registered inside
// the console's routes, so its answers are never cached and its writes forget the kept public reads.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../lib/error-responses';
import { associatePageOf, editAssociatePage } from './associate-page';
import { requireAssociateRole } from './console-access';

const tags = ['associate console'];

export const associatePageRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
