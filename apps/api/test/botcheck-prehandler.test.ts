// requireBotCheck on a route: the token comes in the body (`recaptcha_token`) or the
// X-Bot-Check-Token header; a failure is 403 with a detail the web's catalogue maps to the bot-check
// messages of spec §8 ('Failed to authorize access by reCAPTCHA', 'Mechanical operation detected.'),
// and an outage of the service is 503 with its own "try again later" message.
import { DONATION_ERRORS, matchDonationError } from '@kifu/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { botCheckTokenField, requireBotCheck } from '../src/providers/botcheck/require-bot-check';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const guardedRoute = (app: FastifyInstance) => {
  app.post(
    '/test/bot-checked/',
    { preHandler: requireBotCheck(app), schema: { body: z.object({ ...botCheckTokenField, amount: z.number().int().optional() }) } },
    async () => ({ accepted: true }),
  );
};

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'true' },
  extend: guardedRoute,
  afterEachTest: (sandbox) => sandbox.reset(),
});
/** The same route with the bot check switched off by configuration. */
let off: TestApp;
beforeAll(async () => {
  off = await buildTestApp({ SANDBOX_URL: h.sandbox.url, BOT_CHECK_ENABLED: 'false' }, guardedRoute);
});
afterAll(() => off?.close());

const post = (app: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/test/bot-checked/', payload: body, headers });

describe('requireBotCheck', () => {
  it('lets a good token through, from the body or the header', async () => {
    expect((await post(h.t, { recaptcha_token: await h.sandbox.mintBotCheckToken(), amount: 3_000 })).json()).toEqual({ accepted: true });
    expect((await post(h.t, { amount: 3_000 }, { 'x-bot-check-token': await h.sandbox.mintBotCheckToken() })).statusCode).toBe(200);
  });

  it('refuses a missing, reused or rejected token with the reCAPTCHA detail', async () => {
    const token = await h.sandbox.mintBotCheckToken();
    await post(h.t, { recaptcha_token: token });
    await h.sandbox.setBotCheck({ fail: true });
    for (const body of [{}, { recaptcha_token: token }, { recaptcha_token: await h.sandbox.mintBotCheckToken() }]) {
      const response = await post(h.t, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', detail: 'Failed to authorize access by reCAPTCHA.' });
    }
  });

  it('refuses a low score as mechanical operation', async () => {
    const response = await post(h.t, { recaptcha_token: await h.sandbox.mintBotCheckToken({ score: 0.1 }) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', detail: 'Mechanical operation detected.' });
  });

  it('refuses when the service is down as unavailable, to try again, not as a failed check', async () => {
    const token = await h.sandbox.mintBotCheckToken();
    await h.sandbox.setFaults({ errorRate: 1 });
    const response = await post(h.t, { recaptcha_token: token });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'service_unavailable', detail: DONATION_ERRORS.botCheckUnavailable.en });
    expect(matchDonationError(response.json<{ detail: string }>().detail)).toBe('botCheckUnavailable');
  });

  it("gives details the web's catalogue maps to the bot-check messages", () => {
    expect(matchDonationError('Failed to authorize access by reCAPTCHA.')).toBe('botCheck');
    expect(matchDonationError('Mechanical operation detected.')).toBe('automationDetected');
  });

  it('lets everything through when the check is off', async () => {
    expect((await post(off, {})).statusCode).toBe(200);
    expect((await post(off, { recaptcha_token: 'garbage' })).statusCode).toBe(200);
  });
});
