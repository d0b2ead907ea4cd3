// POST /auth/social/convert-token/ {backend: 'kifu-id', token} (spec §7): the provider's access
// token for a Kifu token pair (same body as /auth/oauth/token/). 400 'social_signup_closed: …' or
// 'social_no_email: …' (spec §8), 401 'social_invalid_token: …', 503 'social_unavailable: …'.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import type { AttemptLimit } from '../plugins/rate-limit';
import { tokenResponse } from './auth-schemas';
import { loginWithSocialToken, SOCIAL_LOGIN_PROVIDER } from './social-login';

/**
 * An OAuth 2.0 access token as a Bearer header carries it (RFC 6750 §2.1, b64token): anything else
 * (full-width digits, spaces, line breaks) is no provider's token and cannot even be put in the
 * header, so it is a 400 'pattern' field error here, before any call to the provider.
 */
const providerAccessToken = z
  .string()
  .min(1, 'required')
  .max(2048, 'maxLength')
  .regex(/^[A-Za-z0-9\-._~+/]+=*$/, 'pattern');

const SOCIAL_LOGINS_PER_ADDRESS: AttemptLimit = {
  name: 'social-login:address',
  max: 30,
  timeWindowMs: 10 * 60_000,
  key: (request) => request.ip,
};

export const socialLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/social/convert-token/',
    {
      config: { attemptLimits: [SOCIAL_LOGINS_PER_ADDRESS] },
      schema: {
        tags: ['auth'],
        summary: "Log in with a social login provider's access token (only accounts already linked; sign-up through it is closed)",
        body: z.object({ backend: z.literal(SOCIAL_LOGIN_PROVIDER), token: providerAccessToken }),
        response: { 200: tokenResponse, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const issued = await loginWithSocialToken(
        { db: app.db, issuer: app.config.SOCIAL_LOGIN_ISSUER, timeoutMs: app.config.PROVIDER_TIMEOUT_MS },
        request.body.token,
      );
      reply.header('cache-control', 'no-store');
      return {
        access_token: issued.accessToken,
        token_type: 'Bearer' as const,
        expires_in: issued.expiresIn,
        refresh_token: issued.refreshToken,
      };
    },
  );
};
