// Auth calls of spec §7 (paths exactly as written there): signup at /auth/register, login and
// refresh at /auth/oauth/token/ (OAuth2 password and refresh_token grants, RFC 6749 §4.3 and §6),
// and /auth/logout/, which the spec's logout implies (§4: "Logout clears the current session")
// and which revokes the token server-side.
import formbody from '@fastify/formbody';
import { AUTH_COOKIE_NAME, toFieldError } from '@kifu/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import type { AttemptLimit } from '../plugins/rate-limit';
import { requireBotCheck } from '../providers/botcheck/require-bot-check';
import { hashToken, revokeAccessToken, rotateRefreshToken } from './access-tokens';
import { GRANT_TYPES, oauthErrorBody, registerBody, registerResponse, tokenBody, tokenResponse, type OAuthErrorBody } from './auth-schemas';
import { loginWithPassword } from './login-with-password';
import { normaliseEmail } from './normalise-email';
import { registerUser } from './register-user';
import { signupValidationError } from './signup-errors';

const tags = ['auth'];

/**
 * Signups per client address per minute: a household or an office signing up together, not a
 * script creating accounts or probing which emails are registered. Each signup also passes the bot
 * check, as a donation does: it mails a welcome to an address nobody has verified (ADR 056).
 */
export const REGISTER_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/**
 * Login attempts per client address and username per minute: slows password guessing against one
 * account without letting one noisy address lock everybody else out. Counted after the body is
 * parsed (hook preHandler) because the key needs the username.
 */
export const TOKEN_RATE_LIMIT_MAX = 10;

/**
 * Password logins per client address, whatever the username: one address trying many accounts
 * (password spraying) is refused, a family or an office signing in is not — nor the browser suite,
 * whose every login comes from one address (about 40 in ten minutes; ADR 023).
 */
export const LOGIN_ATTEMPTS_PER_ADDRESS: AttemptLimit = {
  name: 'login:address',
  max: 100,
  timeWindowMs: 10 * 60_000,
  key: (request) => ((request.body as { grant_type?: unknown } | undefined)?.grant_type === 'password' ? request.ip : undefined),
};

function tokenRateLimitKey(request: FastifyRequest): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (body.grant_type === 'refresh_token' && typeof body.refresh_token === 'string')
    return `token:${request.ip}:refresh:${hashToken(body.refresh_token)}`;
  const username = typeof body.username === 'string' ? normaliseEmail(body.username) : '';
  return `token:${request.ip}:user:${username}`;
}

/** The token of the request as plugins/auth.ts reads it: bearer header first, then the user_token cookie. */
function presentedToken(request: FastifyRequest): string | undefined {
  const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? request.cookies?.[AUTH_COOKIE_NAME] ?? undefined;
}

function tokenRequestError(error: z.ZodError, body: unknown): OAuthErrorBody {
  const grantType = (body as { grant_type?: unknown } | undefined)?.grant_type;
  const unsupported = typeof grantType === 'string' && !(GRANT_TYPES as readonly string[]).includes(grantType);
  if (unsupported)
    return { code: 'bad_request', detail: `unsupported grant_type; use one of ${GRANT_TYPES.join(', ')}`, error: 'unsupported_grant_type' };
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const { path, rule } = toFieldError(issue);
    const key = path.join('.') || 'body';
    fields[key] = [...new Set([...(fields[key] ?? []), rule])];
  }
  return { code: 'validation_failed', detail: 'invalid token request', fields, error: 'invalid_request' };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // OAuth clients send form-encoded token requests; only the routes of this plugin accept them.
  await app.register(formbody);

  app.post(
    '/auth/register',
    {
      attachValidation: true,
      // Before anything is looked up or created: a refused bot neither learns whether an email is taken nor gets a mail sent.
      preHandler: requireBotCheck(app),
      config: { rateLimit: REGISTER_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Sign up with email and password (and optionally the private profile); answers a token pair',
        description:
          "400 validation_failed: `fields` has rule keys per field (email: ['unique'] when the email is taken, case-insensitively; " +
          "password: ['minLength']; birthday: ['pattern' | 'validate.*']) and `detail` contains 'unique', 'at least' or 'wrong format' " +
          '(spec §5, read by matchSignupFieldError). The bot check as for donations (spec §4 step 5): `recaptcha_token` in the body ' +
          "or the X-Bot-Check-Token header; 403 when it fails (detail 'Failed to authorize access by reCAPTCHA.' or " +
          "'Mechanical operation detected.'), 503 when the check's service does not answer.",
        body: registerBody,
        response: { 201: registerResponse, ...errorResponses(400, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw signupValidationError(request.validationError as unknown as z.ZodError);
      const { email, password, private_profile, locale } = request.body;
      const created = await registerUser(app.db, { email, password, privateProfile: private_profile ?? undefined, locale });
      return reply
        .code(201)
        .send({ email: created.email, accessToken: created.accessToken, expiresIn: created.expiresIn, refreshToken: created.refreshToken });
    },
  );

  app.post(
    '/auth/oauth/token/',
    {
      attachValidation: true,
      config: {
        rateLimit: { max: TOKEN_RATE_LIMIT_MAX, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: tokenRateLimitKey },
        attemptLimits: [LOGIN_ATTEMPTS_PER_ADDRESS],
      },
      schema: {
        tags,
        summary: 'Log in (grant_type=password, username is the email) or refresh (grant_type=refresh_token, rotates the refresh token)',
        description:
          'JSON or form-encoded. A wrong email/password pair, an unknown account and a spent or unknown refresh token all answer ' +
          "400 with error 'invalid_grant' (spec §7). Rate limited per client address and username, and per client address.",
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: tokenBody,
        response: { 200: tokenResponse, 400: oauthErrorBody, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      // RFC 6749 §5.1: token responses must not be cached.
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (request.validationError)
        return reply.code(400).send(tokenRequestError(request.validationError as unknown as z.ZodError, request.body));
      const body = request.body;
      const issued =
        body.grant_type === 'password'
          ? await loginWithPassword(app.db, body.username, body.password, new Date(), body.locale)
          : await rotateRefreshToken(app.db, body.refresh_token);
      if (!issued) {
        const detail =
          body.grant_type === 'password'
            ? 'no active account matches this username and password'
            : 'the refresh token is unknown, expired or already used';
        return reply.code(400).send({ code: 'bad_request', detail: `invalid_grant: ${detail}`, error: 'invalid_grant' });
      }
      return {
        access_token: issued.accessToken,
        token_type: 'Bearer' as const,
        expires_in: issued.expiresIn,
        refresh_token: issued.refreshToken,
      };
    },
  );

  app.post(
    '/auth/logout/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Revoke the access token of this request and its refresh token',
        response: { 204: z.null().describe('Logged out'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const token = presentedToken(request);
      if (token) await revokeAccessToken(app.db, token);
      return reply.code(204).send(null);
    },
  );
};
