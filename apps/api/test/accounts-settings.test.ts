// /mypage/account's calls (ADR 031): email change confirmed from the new address's mailbox,
// password change, notification preference — each as the owner, another user and anonymous.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp();
let client = 0;
const nextAddress = () => `10.8.0.${++client}`;

async function call(method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: unknown, token?: string) {
  const response = await h.t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: nextAddress(),
  });
  return { status: response.statusCode, body: response.body === '' ? null : response.json(), headers: response.headers };
}

async function signUp(password = 'first-pass-1') {
  const email = uniqueEmail('settings');
  const created = await call('POST', '/auth/register', { email, password });
  expect(created.status).toBe(201);
  return { email, password, token: (created.body as { accessToken: string }).accessToken };
}

const emailOf = async (token: string) => ((await call('GET', '/user/me/', undefined, token)).body as { email: string }).email;

describe('changing the email', () => {
  it('mails the new address and changes nothing until its link is followed', async () => {
    const owner = await signUp();
    const other = await signUp();
    const newEmail = uniqueEmail('new-address');
    expect(await call('POST', '/auth/email-change', { email: newEmail, locale: 'en' }, owner.token)).toMatchObject({
      status: 202,
      body: { tmpEmail: newEmail },
    });
    expect(await emailOf(owner.token)).toBe(owner.email);

    await h.t.app.jobs.worker.drain();
    const [mail] = await h.sandbox.mailsTo(newEmail);
    expect(mail).toMatchObject({ subject: 'Confirm your new e-mail address' });
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe('/en/mypage/account');
    const code = link.searchParams.get('email_code')!;

    expect(await call('POST', '/auth/email-change/confirm', { code })).toMatchObject({ status: 200, body: { email: newEmail } });
    expect(await emailOf(owner.token)).toBe(newEmail);
    expect(await emailOf(other.token)).toBe(other.email);
    expect((await call('POST', '/auth/email-change/confirm', { code })).status).toBe(400);
    // The new address logs in; the old one no longer does.
    expect(
      (await call('POST', '/auth/oauth/token/', { grant_type: 'password', username: newEmail, password: owner.password })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/auth/oauth/token/', { grant_type: 'password', username: owner.email, password: owner.password })).status,
    ).toBe(400);
  });

  it("refuses an address in use (spec §8 'This E-Mail is already used.'), a bad one, and anonymous callers", async () => {
    const owner = await signUp();
    const other = await signUp();
    expect(await call('POST', '/auth/email-change', { email: other.email }, owner.token)).toMatchObject({
      status: 400,
      body: { fields: { email: ['unique'] } },
    });
    expect((await call('POST', '/auth/email-change', { email: 'nope' }, owner.token)).status).toBe(400);
    expect((await call('POST', '/auth/email-change', { email: uniqueEmail('anon') })).status).toBe(401);
    expect((await call('POST', '/auth/email-change/confirm', { code: 'made-up-code' })).status).toBe(400);
  });
});

describe('changing the password', () => {
  it('needs the current password; this session stays, the others end', async () => {
    const owner = await signUp();
    const elsewhere = (
      await call('POST', '/auth/oauth/token/', { grant_type: 'password', username: owner.email, password: owner.password })
    ).body as { access_token: string };
    expect(await call('PUT', '/user/me/password', { current_password: 'wrong', new_password: 'second-pass-2' }, owner.token)).toMatchObject(
      {
        status: 400,
        body: { fields: { current_password: ['value'] } },
      },
    );
    expect(await call('PUT', '/user/me/password', { current_password: owner.password, new_password: 'abc' }, owner.token)).toMatchObject({
      status: 400,
      body: { fields: { new_password: ['minLength'] } },
    });
    expect(
      (await call('PUT', '/user/me/password', { current_password: owner.password, new_password: 'second-pass-2' }, owner.token)).status,
    ).toBe(204);
    expect((await call('GET', '/user/me/', undefined, owner.token)).status).toBe(200);
    expect((await call('GET', '/user/me/', undefined, elsewhere.access_token)).status).toBe(401);
    expect(
      (await call('POST', '/auth/oauth/token/', { grant_type: 'password', username: owner.email, password: 'second-pass-2' })).status,
    ).toBe(200);
  });

  it("changes only the caller's own password, and nobody's without a token", async () => {
    const owner = await signUp();
    const other = await signUp();
    // The other user's current password is no key to the owner's account: the token decides whose it is.
    expect(
      (await call('PUT', '/user/me/password', { current_password: other.password, new_password: 'taken-over-1' }, other.token)).status,
    ).toBe(204);
    expect(
      (await call('POST', '/auth/oauth/token/', { grant_type: 'password', username: owner.email, password: owner.password })).status,
    ).toBe(200);
    expect((await call('PUT', '/user/me/password', { current_password: owner.password, new_password: 'x-pass-123' })).status).toBe(401);
  });
});

describe('the notification preference', () => {
  it("is the caller's own to change", async () => {
    const owner = await signUp();
    const other = await signUp();
    expect(await call('PATCH', '/user/me/', { notification_preference: 'not_receive' }, owner.token)).toMatchObject({
      status: 200,
      body: { notificationPreference: 'not_receive' },
    });
    const preference = async (email: string) =>
      (await h.t.database.db.select({ value: users.notificationPreference }).from(users).where(eq(users.email, email)))[0]!.value;
    expect(await preference(owner.email)).toBe('not_receive');
    expect(await preference(other.email)).toBe('receive');
    expect((await call('PATCH', '/user/me/', { notification_preference: 'sometimes' }, owner.token)).status).toBe(400);
    expect((await call('PATCH', '/user/me/', { notification_preference: 'receive' })).status).toBe(401);
  });
});

describe('the public profile', () => {
  it("updates the caller's nickname, About me and SNS ids only, within the spec's lengths", async () => {
    const owner = await signUp();
    const other = await signUp();
    const saved = await call(
      'PATCH',
      '/user/profile/update_me/',
      { nickname: ' はなこ ', description: '子どもの居場所づくりを応援しています。', sns_id_twitter: 'hanako_k' },
      owner.token,
    );
    expect(saved).toMatchObject({
      status: 200,
      body: { nickname: 'はなこ', description: '子どもの居場所づくりを応援しています。', snsIdTwitter: 'hanako_k', snsIdFacebook: null },
    });
    const profileOf = async (token: string) =>
      ((await call('GET', '/user/me/', undefined, token)).body as { profile: Record<string, unknown> }).profile;
    expect(await profileOf(owner.token)).toMatchObject({ nickname: 'はなこ', snsIdTwitter: 'hanako_k' });
    expect(await profileOf(other.token)).toMatchObject({ nickname: '' });
    // Absent fields stay; '' clears an SNS id.
    expect((await call('PATCH', '/user/profile/update_me/', { sns_id_twitter: '' }, owner.token)).body).toMatchObject({
      nickname: 'はなこ',
      snsIdTwitter: null,
    });
    expect(await call('PATCH', '/user/profile/update_me/', { nickname: 'x'.repeat(31) }, owner.token)).toMatchObject({
      status: 400,
      body: { fields: { nickname: ['maxLength'] } },
    });
    expect((await call('PATCH', '/user/profile/update_me/', { nickname: 'anon' })).status).toBe(401);
  });
});
