// POST /auth/password-recovery {email, locale?} (spec §7) → 202 {} with the code mailed, or 404
// not_found for an address with no account (spec §8's message says as much, and nothing more);
// POST /auth/password-recovery/confirm {code, password} → 204 with the password set and every
// session ended, or 400 'invalid_code: …' for a spent, expired or unknown code.
import { LOCALES, passwordSchema, requiredEmailSchema } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import type { AttemptLimit } from '../plugins/rate-limit';
import { normaliseEmail } from './normalise-email';
import { requestPasswordRecovery, resetPassword } from './password-recovery';

const tags = ['auth'];
const TEN_MINUTES = 10 * 60_000;

/** Asking for recovery mails: a person retrying, not a script testing which addresses have accounts. */
export const RECOVERY_PER_ADDRESS: AttemptLimit = {
  name: 'recovery:address',
  max: 10,
  timeWindowMs: TEN_MINUTES,
  key: (request) => request.ip,
};
/** Mails to one address per hour: nobody's mailbox is flooded through us. */
export const RECOVERY_PER_EMAIL: AttemptLimit = {
  name: 'recovery:email',
  max: 5,
  timeWindowMs: 60 * 60_000,
  key: (request) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? normaliseEmail(email) : undefined;
  },
};
/** Guessing codes is hopeless (256 bits); this only keeps the argon2 hashing from being a load. */
export const RESET_PER_ADDRESS: AttemptLimit = {
  name: 'recovery-reset:address',
  max: 20,
  timeWindowMs: TEN_MINUTES,
  key: (request) => request.ip,
};

const recoveryCode = z
  .string()
  .min(1, 'required')
  .max(128, 'maxLength')
  .regex(/^[A-Za-z0-9_-]+$/, 'pattern');

export const passwordRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/password-recovery',
    {
      config: { attemptLimits: [RECOVERY_PER_ADDRESS, RECOVERY_PER_EMAIL] },
      schema: {
        tags,
        summary: 'Mail a single-use password recovery link (valid 60 minutes) to the account with this address',
        body: z.object({ email: requiredEmailSchema, locale: z.enum(LOCALES).optional() }),
        response: { 202: z.object({}).describe('Mail queued'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const found = await requestPasswordRecovery(app.db, {
        email: request.body.email,
        locale: request.body.locale,
        webOrigin: app.config.WEB_ORIGIN,
      });
      if (!found) throw new AppError('not_found', 'no account with that e-mail address');
      return reply.code(202).send({});
    },
  );

  app.post(
    '/auth/password-recovery/confirm',
    {
      config: { attemptLimits: [RESET_PER_ADDRESS] },
      schema: {
        tags,
        summary: 'Set a new password with a recovery code; every session of the account ends',
        body: z.object({ code: recoveryCode, password: passwordSchema }),
        response: { 204: z.null().describe('Password set'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      if (!(await resetPassword(app.db, request.body)))
        throw new AppError('bad_request', 'invalid_code: the recovery code is unknown, used or expired');
      return reply.code(204).send(null);
    },
  );
};
