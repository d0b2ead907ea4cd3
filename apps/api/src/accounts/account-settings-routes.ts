// The account settings calls of /mypage/account (ADR 031, ADR 055), for the signed-in user unless said:
//   POST  /auth/email-change {email, current_password?, locale?} → 202 {tmpEmail}; the mail goes to
//                                                    the new address; 400 fields.email ['unique'] when
//                                                    it is taken, fields.current_password ['required'
//                                                    | 'value']; 403 'recent_login_required: …' for an
//                                                    account without a password not signed in lately
//   POST  /auth/email-change/confirm {code}       → 200 {email} (no token needed: the mailed code
//                                                    is the proof); the old address gets an undo link;
//                                                    400 'invalid_code: …'
//   POST  /auth/email-change/undo {code}          → 200 {email} (no token: the code mailed to the old
//                                                    address); it is back, every session ended;
//                                                    400 'invalid_code: …'
//   PUT   /user/me/password {current_password, new_password} → 204; other sessions end;
//                                                    400 fields.current_password ['value']
//   PATCH /user/me/ {notification_preference}     → 200 {notificationPreference}
import { api, LOCALES, NOTIFICATION_PREFERENCES, passwordSchema, requiredEmailSchema } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { tokenOf } from '../plugins/auth';
import type { AttemptLimit } from '../plugins/rate-limit';
import { changePassword, confirmEmailChange, requestEmailChange, setNotificationPreference } from './account-settings';
import { undoEmailChange } from './email-change-undo';

const tags = ['users'];
const TEN_MINUTES = 10 * 60_000;

/** Per account: a person correcting a typo, not a script mailing strangers or guessing a password. */
export const EMAIL_CHANGES_PER_USER: AttemptLimit = {
  name: 'email-change:user',
  max: 5,
  timeWindowMs: 60 * 60_000,
  key: (request) => request.userId?.toString(),
};
export const PASSWORD_CHANGES_PER_USER: AttemptLimit = {
  name: 'password-change:user',
  max: 10,
  timeWindowMs: TEN_MINUTES,
  key: (request) => request.userId?.toString(),
};
const CONFIRMS_PER_ADDRESS: AttemptLimit = {
  name: 'email-confirm:address',
  max: 20,
  timeWindowMs: TEN_MINUTES,
  key: (request) => request.ip,
};

const currentPassword = z.string().min(1, 'required').max(256, 'maxLength');

const { mailedCode } = api;

export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal data: no shared cache may keep it.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.post(
    '/auth/email-change',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [EMAIL_CHANGES_PER_USER] },
      schema: {
        tags,
        summary:
          'Ask to change the email, with the current password (an account without one: within minutes of signing in): ' +
          'a confirmation link goes to the new address, which takes effect once confirmed',
        body: z.object({ email: requiredEmailSchema, current_password: currentPassword.optional(), locale: z.enum(LOCALES).optional() }),
        response: { 202: z.object({ tmpEmail: z.string() }), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const tmpEmail = await requestEmailChange(app.db, request.userId!, {
        email: request.body.email,
        locale: request.body.locale ?? 'ja',
        webOrigin: app.config.WEB_ORIGIN,
        proof: { currentPassword: request.body.current_password, token: tokenOf(request) },
      });
      return reply.code(202).send({ tmpEmail });
    },
  );

  app.post(
    '/auth/email-change/confirm',
    {
      config: { attemptLimits: [CONFIRMS_PER_ADDRESS] },
      schema: {
        tags,
        summary: 'Confirm the new email with the code mailed to it; the old address is told, with an undo link',
        body: z.object({ code: mailedCode }),
        response: { 200: z.object({ email: z.string() }), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const email = await confirmEmailChange(app.db, request.body.code, app.config.WEB_ORIGIN);
      if (!email) throw new AppError('bad_request', 'invalid_code: the confirmation code is unknown, used or expired');
      return { email };
    },
  );

  app.post(
    '/auth/email-change/undo',
    {
      config: { attemptLimits: [CONFIRMS_PER_ADDRESS] },
      schema: {
        tags,
        summary: 'Put the old email back with the undo code mailed to it when the change took effect; every session of the account ends',
        body: z.object({ code: mailedCode }),
        response: { 200: z.object({ email: z.string() }), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const email = await undoEmailChange(app.db, request.body.code);
      if (!email) throw new AppError('bad_request', 'invalid_code: the undo code is unknown, used or expired');
      return { email };
    },
  );

  app.put(
    '/user/me/password',
    {
      preHandler: app.requireUser,
      config: { attemptLimits: [PASSWORD_CHANGES_PER_USER] },
      schema: {
        tags,
        summary: "Change the password given the current one; the user's other sessions end",
        body: z.object({ current_password: currentPassword, new_password: passwordSchema }),
        response: { 204: z.null().describe('Changed'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await changePassword(app.db, request.userId!, {
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
        keepToken: tokenOf(request),
      });
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/user/me/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Change the notification preference (receive or not receive)',
        body: z.object({ notification_preference: z.enum(NOTIFICATION_PREFERENCES) }),
        response: { 200: z.object({ notificationPreference: z.enum(NOTIFICATION_PREFERENCES) }), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await setNotificationPreference(app.db, request.userId!, request.body.notification_preference);
      return { notificationPreference: request.body.notification_preference };
    },
  );
};
