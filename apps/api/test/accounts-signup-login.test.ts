// Signup, login, refresh and logout (spec §4 "Authentication", §5 "Signup", §7 auth calls, §8
// "Account"): the answers the web reads, argon2id at rest, and the same answer for every wrong pair.
import { ACCOUNT_ERRORS, loginErrorKey, matchSignupFieldError } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { DEMO_PASSWORD } from '../src/seed/data/users';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Each test signs up from an address of its own, so the signup rate limit never interferes.
let client = 0;
const nextAddress = () => `10.1.0.${++client}`;

async function signup(body: Record<string, unknown>, remoteAddress = nextAddress()) {
  const response = await t.app.inject({ method: 'POST', url: '/auth/register', payload: body, remoteAddress });
  return { status: response.statusCode, body: response.json() };
}

async function login(username: string, password: string, remoteAddress = nextAddress()) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/oauth/token/',
    payload: { grant_type: 'password', username, password },
    remoteAddress,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const me = (token: string) => t.app.inject({ url: '/user/me/', headers: { authorization: `Bearer ${token}` } });

describe('POST /auth/register', () => {
  it('signs up, then the same email and password log in and fetch the user (spec §4 step 6)', async () => {
    const profile = {
      first_name: '花子',
      last_name: '山田',
      first_name_kana: 'はなこ',
      last_name_kana: 'ヤマダ',
      birthday: '1990-02-28',
      zip_code: '１５２-０００１',
      phone: '090-1234-5678',
    };
    const created = await signup({
      email: 'New.Supporter@Example.com',
      password: 'secret1',
      private_profile: profile,
      avatar_image: { file: null },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      email: 'new.supporter@example.com',
      accessToken: expect.any(String),
      expiresIn: 60 * 86_400,
      refreshToken: expect.any(String),
    });
    expect((await me(created.body.accessToken)).statusCode).toBe(200);

    const loggedIn = await login('new.supporter@example.com', 'secret1');
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 60 * 86_400,
      refresh_token: expect.any(String),
    });
    expect(loggedIn.headers['cache-control']).toBe('no-store');

    const user = await me(loggedIn.body.access_token);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      email: 'new.supporter@example.com',
      registrationType: 'email',
      lastLogin: expect.any(String),
      avatarImage: { file: null },
      profile: { nickname: '', description: '' },
      privateProfile: {
        firstName: '花子',
        lastName: '山田',
        firstNameKana: 'ハナコ',
        lastNameKana: 'ヤマダ',
        birthday: '1990-02-28',
        gender: 3,
        zipCode: '1520001',
        phone: '09012345678',
        country: 'JP',
      },
      userCreditCard: null,
      associateMembers: [],
      stats: { donation_count: 0, donation_total: 0 },
    });
  });

  it('stores an argon2id hash and never returns it', async () => {
    const created = await signup({ email: 'hash@example.com', password: 'a-long-secret' });
    const [row] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'hash@example.com'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const user = await me(created.body.accessToken);
    const text = user.body;
    expect(text).not.toContain(row!.passwordHash);
    expect(text).not.toContain('a-long-secret');
    expect(text).not.toMatch(/password/i);
    expect(JSON.stringify(created.body)).not.toContain('argon2');
  });

  it('accepts a signup without a private profile and creates an empty one', async () => {
    const created = await signup({ email: 'bare@example.com', password: 'secret1' });
    expect(created.status).toBe(201);
    expect((await me(created.body.accessToken)).json()).toMatchObject({ privateProfile: { firstName: '', birthday: null, gender: 3 } });
  });

  it("answers a taken email, in any case, with fields.email ['unique'] and a detail the web maps to 'This E-Mail is already used.'", async () => {
    expect((await signup({ email: 'taken@example.com', password: 'secret1' })).status).toBe(201);
    const again = await signup({ email: ' TAKEN@example.COM ', password: 'other-secret' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'validation_failed', detail: expect.stringContaining('unique'), fields: { email: ['unique'] } });
    expect(matchSignupFieldError(again.body.detail)).toEqual({ field: 'email', key: 'signupEmailDuplicated' });
    expect(ACCOUNT_ERRORS[matchSignupFieldError(again.body.detail).key].en).toBe('This E-Mail is already used.');
  });

  it('lets only one of two simultaneous signups with one email through; the other gets the same unique answer', async () => {
    const [first, second] = await Promise.all([
      signup({ email: 'race@example.com', password: 'secret1' }),
      signup({ email: 'Race@example.com', password: 'secret2' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 400]);
    expect((first.status === 400 ? first : second).body).toMatchObject({ code: 'validation_failed', fields: { email: ['unique'] } });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'race@example.com'))).toHaveLength(1);
  });

  it("answers a password under 6 characters with fields.password ['minLength'] and 'at least' in the detail", async () => {
    const short = await signup({ email: 'short@example.com', password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      code: 'validation_failed',
      detail: expect.stringContaining('at least'),
      fields: { password: ['minLength'] },
    });
    expect(matchSignupFieldError(short.body.detail)).toEqual({ field: 'password', key: 'signupPasswordTooShort' });
    // Nothing was created.
    expect(await t.database.db.select().from(users).where(eq(users.email, 'short@example.com'))).toHaveLength(0);
  });

  it("answers a birthday that is not YYYY-MM-DD of a real day with fields.birthday and 'wrong format' in the detail", async () => {
    const names = { first_name: '太郎', last_name: '山田' };
    for (const [birthday, rule] of [
      ['1990/01/02', 'pattern'],
      ['19900102', 'pattern'],
      ['2023-02-29', 'validate.date'],
      ['2023-13-01', 'validate.month'],
    ] as const) {
      const bad = await signup({ email: 'birthday@example.com', password: 'secret1', private_profile: { ...names, birthday } });
      expect(bad.status, birthday).toBe(400);
      expect(bad.body).toEqual({
        code: 'validation_failed',
        detail: expect.stringContaining('wrong format'),
        fields: { birthday: [rule] },
      });
      expect(matchSignupFieldError(bad.body.detail)).toEqual({ field: 'birthday', key: 'signupBirthdayFormat' });
    }
  });

  it('reports other fields with their rule keys and a detail that matches none of the signup words', async () => {
    const bad = await signup({
      email: 'not-an-email',
      password: 'secret1',
      private_profile: { first_name: '', last_name: '山田', first_name_kana: 'Taro' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ email: ['pattern'], first_name: ['required'], first_name_kana: ['pattern.katakana'] });
    expect(matchSignupFieldError(bad.body.detail)).toEqual({ key: 'signupUnknown' });
  });
});

describe('POST /auth/oauth/token/ (password grant)', () => {
  it("answers a wrong password and an unknown email alike: 400 with error 'invalid_grant' and the error model", async () => {
    await signup({ email: 'pair@example.com', password: 'right-password' });
    const wrongPassword = await login('pair@example.com', 'wrong-password');
    const unknownUser = await login('nobody@example.com', 'right-password');
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ code: 'bad_request', detail: expect.stringContaining('invalid_grant'), error: 'invalid_grant' });
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(loginErrorKey(wrongPassword.body.error)).toBe('loginInvalidGrant');
  });

  it('refuses deactivated accounts with the same answer', async () => {
    await signup({ email: 'inactive@example.com', password: 'secret1' });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'inactive@example.com'));
    expect((await login('inactive@example.com', 'secret1')).body).toMatchObject({ error: 'invalid_grant' });
  });

  it('accepts a form-encoded request and an email in any case', async () => {
    await signup({ email: 'form@example.com', password: 'secret1' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'Form@Example.com', password: 'secret1' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: 'Bearer' });
  });

  it('answers malformed requests with invalid_request and unknown grants with unsupported_grant_type', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token/',
      payload: { grant_type: 'password', username: 'a@example.com' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', error: 'invalid_request', fields: { password: expect.any(Array) } });
    const unsupported = await t.app.inject({ method: 'POST', url: '/auth/oauth/token/', payload: { grant_type: 'client_credentials' } });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json()).toMatchObject({ code: 'bad_request', error: 'unsupported_grant_type' });
    expect(loginErrorKey(unsupported.json().error)).toBe('loginFailed');
    const brokenJson = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json()).toEqual({ code: 'bad_request', detail: expect.any(String) });
  });

  it('lets a demo user log in with the documented demo password', async () => {
    const loggedIn = await login('hanako@kifu.example', DEMO_PASSWORD);
    expect(loggedIn.status).toBe(200);
    expect((await me(loggedIn.body.access_token)).json()).toMatchObject({ username: 'hanako', email: 'hanako@kifu.example' });
    expect((await login('kenta@kifu.example', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('the language mail is written in (users.locale)', () => {
  const localeOf = async (email: string) =>
    (await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]?.locale;

  it("is the sign-up's language, then the language of each login; ja when none is named", async () => {
    const email = 'lang-follows@example.com';
    expect((await signup({ email, password: 'secret123', locale: 'en' })).status).toBe(201);
    expect(await localeOf(email)).toBe('en');
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token/',
      payload: { grant_type: 'password', username: email, password: 'secret123', locale: 'ja' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(await localeOf(email)).toBe('ja');
    expect((await login(email, 'secret123')).status).toBe(200);
    expect(await localeOf(email)).toBe('ja');
    expect((await signup({ email: 'lang-default@example.com', password: 'secret123' })).status).toBe(201);
    expect(await localeOf('lang-default@example.com')).toBe('ja');
  });

  it('refuses a language the site does not have', async () => {
    const response = await signup({ email: 'lang-bad@example.com', password: 'secret123', locale: 'fr' });
    expect(response.status).toBe(400);
    expect(await localeOf('lang-bad@example.com')).toBeUndefined();
  });
});

describe('POST /auth/oauth/token/ (refresh_token grant)', () => {
  it('rotates: a new pair works, the old refresh token and its access token no longer do', async () => {
    const created = await signup({ email: 'refresh@example.com', password: 'secret1' });
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/auth/oauth/token/', payload: { grant_type: 'refresh_token', refresh_token: token } });

    const first = await refresh(created.body.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 60 * 86_400,
      refresh_token: expect.any(String),
    });
    expect(pair.refresh_token).not.toBe(created.body.refreshToken);
    expect((await me(pair.access_token)).statusCode).toBe(200);
    expect((await me(created.body.accessToken)).statusCode).toBe(401);

    const replay = await refresh(created.body.refreshToken);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh('not-a-token')).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
  });

  it('spends a refresh token once even when two refreshes race', async () => {
    const created = await signup({ email: 'refresh-race@example.com', password: 'secret1' });
    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/oauth/token/',
        payload: { grant_type: 'refresh_token', refresh_token: created.body.refreshToken },
      });
    const answers = await Promise.all([refresh(), refresh(), refresh()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });
});

describe('POST /auth/logout/', () => {
  it('revokes the access token and its refresh token', async () => {
    const created = await signup({ email: 'logout@example.com', password: 'secret1' });
    const other = await login('logout@example.com', 'secret1');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: { authorization: `Bearer ${created.body.accessToken}` },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect((await me(created.body.accessToken)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token/',
      payload: { grant_type: 'refresh_token', refresh_token: created.body.refreshToken },
    });
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
    // Other sessions of the same user stay logged in.
    expect((await me(other.body.access_token)).statusCode).toBe(200);
  });

  it('logs out by the user_token cookie too, and answers 401 without a live token', async () => {
    const created = await signup({ email: 'cookie-logout@example.com', password: 'secret1' });
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout/', cookies: { user_token: created.body.accessToken } });
    expect(logout.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'POST', url: '/auth/logout/', cookies: { user_token: created.body.accessToken } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'unauthorized' });
  });
});

describe('OpenAPI', () => {
  it('documents the account routes with their bodies and error answers', async () => {
    const { status, body } = await t.get<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>('/docs/json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths['/auth/register']!.post!.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
    expect(Object.keys(body.paths['/auth/oauth/token/']!.post!.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(body.paths['/auth/oauth/token/']!.post!.requestBody).toMatchObject({
      content: { 'application/x-www-form-urlencoded': expect.anything() },
    });
    expect(Object.keys(body.paths['/auth/logout/']!.post!.responses)).toEqual(expect.arrayContaining(['204', '401']));
    expect(Object.keys(body.paths['/user/me/']!.get!.responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(body.paths['/user/private_profile/update_me/']).toMatchObject({ put: expect.anything(), patch: expect.anything() });
  });
});
