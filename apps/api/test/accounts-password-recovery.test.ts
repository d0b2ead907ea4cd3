// Password recovery end to end (spec §7 /auth/password-recovery, §8; ADR 031): the mail is read
// from the sandbox mailbox over SMTP/HTTP, its link followed, the new password set, and every
// earlier session ends.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp();
let client = 0;
const nextAddress = () => `10.7.0.${++client}`;

async function post(url: string, payload: unknown, remoteAddress = nextAddress()) {
  const response = await h.t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });
  return { status: response.statusCode, body: response.body === '' ? null : response.json() };
}

async function signUp(locale: 'ja' | 'en' = 'ja') {
  const email = uniqueEmail('recovery');
  const created = await post('/auth/register', { email, password: 'first-pass-1', locale });
  expect(created.status).toBe(201);
  return { email, accessToken: (created.body as { accessToken: string }).accessToken };
}

/** Asks for the mail, delivers it, and answers the link it carries. */
async function recoveryLink(email: string, locale?: 'ja' | 'en') {
  expect((await post('/auth/password-recovery', { email, ...(locale ? { locale } : {}) })).status).toBe(202);
  await h.t.app.jobs.worker.drain();
  const mail = (await h.sandbox.mailsTo(email)).find((delivered) => /パスワード再設定|Reset your password/.test(delivered.subject));
  expect(mail).toBeDefined();
  const link = /https?:\/\/\S+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  return { mail: mail!, link: new URL(link!) };
}

const me = (token: string) => h.t.app.inject({ url: '/user/me/', headers: { authorization: `Bearer ${token}` } });

describe('password recovery', () => {
  it('mails a single-use link; the new password works, the old one and every session end', async () => {
    const { email, accessToken } = await signUp();
    const { mail, link } = await recoveryLink(email);
    expect(mail.subject).toBe('パスワード再設定のご案内');
    expect(link.origin + link.pathname).toBe('http://localhost:3000/password-recovery');
    const code = link.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the code's hash is stored.
    const [stored] = await h.t.database.db.select({ code: users.passwordRecoveryCode }).from(users).where(eq(users.email, email));
    expect(stored!.code).not.toContain(code);

    expect(await post('/auth/password-recovery/confirm', { code, password: 'abc' })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', fields: { password: ['minLength'] } },
    });
    expect((await post('/auth/password-recovery/confirm', { code, password: 'second-pass-2' })).status).toBe(204);

    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await post('/auth/oauth/token/', { grant_type: 'password', username: email, password: 'first-pass-1' })).status).toBe(400);
    expect((await post('/auth/oauth/token/', { grant_type: 'password', username: email, password: 'second-pass-2' })).status).toBe(200);
    expect(await post('/auth/password-recovery/confirm', { code, password: 'third-pass-3' })).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/^invalid_code/) },
    });
  });

  it("writes in the user's language, or the language of the request", async () => {
    const { email } = await signUp('en');
    const english = await recoveryLink(email);
    expect(english.mail.subject).toBe('Reset your password');
    expect(english.link.pathname).toBe('/en/password-recovery');
    const japanese = await recoveryLink(email, 'ja');
    expect(japanese.link.pathname).toBe('/password-recovery');
    // Only the latest link works.
    expect(
      (await post('/auth/password-recovery/confirm', { code: english.link.searchParams.get('code'), password: 'second-pass-2' })).status,
    ).toBe(400);
    expect(
      (await post('/auth/password-recovery/confirm', { code: japanese.link.searchParams.get('code'), password: 'second-pass-2' })).status,
    ).toBe(204);
  });

  it('refuses a code past its hour', async () => {
    const { email } = await signUp();
    const { link } = await recoveryLink(email);
    await h.t.database.db
      .update(users)
      .set({ passwordRecoveryExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(users.email, email));
    expect((await post('/auth/password-recovery/confirm', { code: link.searchParams.get('code'), password: 'second-pass-2' })).status).toBe(
      400,
    );
  });

  it('answers an unknown address with not_found (spec §8) and mails nobody', async () => {
    const email = uniqueEmail('nobody');
    expect(await post('/auth/password-recovery', { email })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    await h.t.app.jobs.worker.drain();
    expect(await h.sandbox.mailsTo(email)).toEqual([]);
    expect((await post('/auth/password-recovery', { email: 'not an email' })).status).toBe(400);
    expect((await post('/auth/password-recovery/confirm', { code: 'a b', password: 'second-pass-2' })).status).toBe(400);
  });

  it('mails one address at most 5 times an hour, from anywhere', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i++) expect((await post('/auth/password-recovery', { email })).status).toBe(202);
    expect((await post('/auth/password-recovery', { email })).status).toBe(429);
  });
});
