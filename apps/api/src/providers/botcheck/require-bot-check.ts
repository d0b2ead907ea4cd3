// A preHandler for the routes a bot must not drive (the donation submissions of spec §4 step 5).
// The browser's reCAPTCHA token travels in the JSON body as `recaptcha_token` — declare it in the
// route's body schema with `botCheckTokenField`, or zod strips it before this runs — or, for
// requests without a JSON body, in the `X-Bot-Check-Token` header. A failure answers 403 with a
// detail the web's catalogue reads back (packages/domain donation-errors.ts, spec §8): a bot's low
// score → automationDetected ('Mechanical operation detected.'), anything else → botCheck
// ('Failed to authorize access by reCAPTCHA.'). A siteverify that is down or refuses us says
// nothing about the supporter: 503 → botCheckUnavailable ("try again later"), still refused.
import { DONATION_ERRORS } from '@kifu/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { createBotCheck, type BotCheck } from './bot-check';

export const BOT_CHECK_BODY_FIELD = 'recaptcha_token';
export const BOT_CHECK_HEADER = 'x-bot-check-token';

/** Spread into a route's body schema: `z.object({ ...botCheckTokenField, amount: … })`. */
export const botCheckTokenField = {
  [BOT_CHECK_BODY_FIELD]: z.string().max(10_000).optional().describe('reCAPTCHA v3 token for action "submit" (spec §4 step 5)'),
};

function tokenOf(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (body && typeof body === 'object') {
    const fromBody = (body as Record<string, unknown>)[BOT_CHECK_BODY_FIELD];
    if (typeof fromBody === 'string' && fromBody !== '') return fromBody;
  }
  const header = request.headers[BOT_CHECK_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader || undefined;
}

export function requireBotCheck(
  app: FastifyInstance,
  botCheck: BotCheck = createBotCheck(app.config, app.metrics),
): preHandlerAsyncHookHandler {
  return async (request) => {
    const result = await botCheck.verifyBotCheckToken({ token: tokenOf(request), remoteIp: request.ip });
    if (result.ok) return;
    const log = { reason: result.reason, score: result.score, errorCodes: result.errorCodes };
    if (result.reason === 'unavailable') {
      request.log.warn(log, 'bot check unavailable; request refused');
      throw new AppError('service_unavailable', DONATION_ERRORS.botCheckUnavailable.en);
    }
    request.log.info(log, 'bot check failed');
    const detail = result.reason === 'low_score' ? DONATION_ERRORS.automationDetected.en : DONATION_ERRORS.botCheck.en;
    throw new AppError('forbidden', detail);
  };
}
