// Signup passes the bot check as a donation does (ADR 056; spec §4 step 5): it creates an account
// and mails a welcome to an address nobody has verified, so a script without a good token is
// refused with the catalogue's reCAPTCHA detail before anything is looked up, created or mailed.
import { DONATION_ERRORS } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/db/schema/index';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'true' },
  afterEachTest: (sandbox) => sandbox.reset(),
});

// Each signup from an address of its own, so the signup rate limit never plays a part.
let client = 0;
const signup = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.t.app.inject({ method: 'POST', url: '/auth/register', payload: body, headers, remoteAddress: `10.9.0.${++client}` });

async function traces(email: string) {
  const db = h.t.app.db;
  const accounts = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const mails = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  return { accounts: accounts.length, mails: mails.length };
}

describe('POST /auth/register and the bot check', () => {
  it('refuses a signup without a token, or with an unknown one, creating nothing and mailing nobody', async () => {
    for (const [email, token] of [
      ['no-token@example.com', undefined],
      ['bad-token@example.com', 'not-a-token'],
    ] as const) {
      const response = await signup({ email, password: 'secret123', locale: 'en', ...(token ? { recaptcha_token: token } : {}) });
      expect(response.statusCode, email).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', detail: DONATION_ERRORS.botCheck.en });
      expect(await traces(email)).toEqual({ accounts: 0, mails: 0 });
    }
  });

  it("refuses a bot's low score as mechanical operation", async () => {
    const email = 'low-score@example.com';
    const response = await signup({ email, password: 'secret123', recaptcha_token: await h.sandbox.mintBotCheckToken({ score: 0.1 }) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', detail: DONATION_ERRORS.automationDetected.en });
    expect(await traces(email)).toEqual({ accounts: 0, mails: 0 });
  });

  it('does not tell a refused caller whether an email is taken', async () => {
    const response = await signup({ email: 'hanako@kifu.example', password: 'secret123' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', detail: DONATION_ERRORS.botCheck.en });
  });

  it('refuses while the check cannot be made, as unavailable (503), creating nothing', async () => {
    const email = 'check-down@example.com';
    const token = await h.sandbox.mintBotCheckToken();
    await h.sandbox.setFaults({ errorRate: 1 });
    const response = await signup({ email, password: 'secret123', recaptcha_token: token });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'service_unavailable', detail: DONATION_ERRORS.botCheckUnavailable.en });
    await h.sandbox.setFaults({ errorRate: 0 });
    expect(await traces(email)).toEqual({ accounts: 0, mails: 0 });
  });

  it('signs up with a good token, in the body or the header, and mails the welcome', async () => {
    const inBody = await signup({
      email: 'human@example.com',
      password: 'secret123',
      recaptcha_token: await h.sandbox.mintBotCheckToken(),
    });
    expect(inBody.statusCode).toBe(201);
    expect(await traces('human@example.com')).toEqual({ accounts: 1, mails: 1 });
    const inHeader = await signup(
      { email: 'human-2@example.com', password: 'secret123' },
      { 'x-bot-check-token': await h.sandbox.mintBotCheckToken() },
    );
    expect(inHeader.statusCode).toBe(201);
  });

  it('spends a token once: the same token again is refused', async () => {
    const token = await h.sandbox.mintBotCheckToken();
    expect((await signup({ email: 'once@example.com', password: 'secret123', recaptcha_token: token })).statusCode).toBe(201);
    const again = await signup({ email: 'twice@example.com', password: 'secret123', recaptcha_token: token });
    expect(again.statusCode).toBe(403);
    expect(await traces('twice@example.com')).toEqual({ accounts: 0, mails: 0 });
  });
});
