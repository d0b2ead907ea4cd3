// Who is calling (spec §7: "Auth is a bearer header with the token where a token is available";
// §2: a cookie user_token holds the token). `app.requireUser` is the preHandler of every
// owner-scoped route; `request.userId` is then the caller, for object-level access checks.
import { AUTH_COOKIE_NAME } from '@kifu/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { userIdForToken } from '../accounts/access-tokens';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    userId: number | undefined;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a live token. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The token a request presents: the bearer header first, then the user_token cookie. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? request.cookies?.[AUTH_COOKIE_NAME] ?? undefined;
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('userId', undefined);
  app.addHook('onRequest', async (request) => {
    const token = tokenOf(request);
    if (token) request.userId = await userIdForToken(app.db, token);
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (request.userId === undefined) throw new AppError('unauthorized', 'a valid access token is required');
  });
});
