// /mypage/account's calls (ADR 031): email change asked for with the current password (or, without
// one, a recent sign-in), confirmed from the new address's mailbox and undoable from the old one's
// (ADR 055); password change, notification preference — each as the owner, another user and anonymous.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueTokenPair } from '../src/accounts/access-tokens';
import { emailChangeUndos, users } from '../src/db/schema/index';
import { eventually } from './helpers/eventually';
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
  // English, so that every mail to the account is (the undo notice goes out in the account's language).
  const created = await call('POST', '/auth/register', { email, password, locale: 'en' });
  expect(created.status).toBe(201);
  return { email, password, token: (created.body as { accessToken: string }).accessToken };
}

const emailOf = async (token: string) => ((await call('GET', '/user/me/', undefined, token)).body as { email: string }).email;

/** The one mail with `subject` to `address`, once the mail job has sent it. */
async function mailTo(address: string, subject: string) {
  await h.t.app.jobs.worker.drain();
  return eventually(async () => (await h.sandbox.mailsTo(address)).find((mail) => mail.subject === subject));
}
const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);
const logsIn = async (username: string, password: string) =>
  (await call('POST', '/auth/oauth/token/', { grant_type: 'password', username, password })).status === 200;

/** Asks for the change with the password and follows the link mailed to the new address. */
async function changeEmail(owner: { token: string; password: string }, newEmail: string) {
  const asked = await call('POST', '/auth/email-change', { email: newEmail, current_password: owner.password, locale: 'en' }, owner.token);
  expect(asked).toMatchObject({ status: 202, body: { tmpEmail: newEmail } });
  const link = linkIn((await mailTo(newEmail, 'Confirm your new e-mail address')).text);
  expect(link.pathname).toBe('/en/mypage/account');
  return link.searchParams.get('email_code')!;
}

/** The undo code of the notice mailed to the old address. */
async function undoCodeFor(oldEmail: string) {
  const notice = await mailTo(oldEmail, 'Your e-mail address was changed');
  const link = linkIn(notice.text);
  expect(link.pathname).toBe('/en/email-change/undo');
  return { notice, code: link.searchParams.get('code')! };
}

describe('changing the email', () => {
  it('mails the new address and changes nothing until its link is followed; then the old address is told, with an undo link', async () => {
    const owner = await signUp();
    const other = await signUp();
    const newEmail = uniqueEmail('new-address');
    const code = await changeEmail(owner, newEmail);
    expect(await emailOf(owner.token)).toBe(owner.email);
    expect((await h.sandbox.mailsTo(owner.email)).map((mail) => mail.subject)).toEqual(['Welcome to Kifu']);

    expect(await call('POST', '/auth/email-change/confirm', { code })).toMatchObject({ status: 200, body: { email: newEmail } });
    expect(await emailOf(owner.token)).toBe(newEmail);
    expect(await emailOf(other.token)).toBe(other.email);
    expect((await call('POST', '/auth/email-change/confirm', { code })).status).toBe(400);
    // The new address logs in; the old one no longer does.
    expect(await logsIn(newEmail, owner.password)).toBe(true);
    expect(await logsIn(owner.email, owner.password)).toBe(false);

    const { notice } = await undoCodeFor(owner.email);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('within 72 hours');
  });

  it('needs the current password: a missing or wrong one is a 400, changes nothing and mails nobody', async () => {
    const owner = await signUp();
    const other = await signUp('other-pass-2');
    const newEmail = uniqueEmail('without-password');
    expect(await call('POST', '/auth/email-change', { email: newEmail }, owner.token)).toMatchObject({
      status: 400,
      body: { fields: { current_password: ['required'] } },
    });
    expect(await call('POST', '/auth/email-change', { email: newEmail, current_password: 'not-it-123' }, owner.token)).toMatchObject({
      status: 400,
      body: { fields: { current_password: ['value'] } },
    });
    // Another user's password is no key to the owner's account: the token decides whose it is.
    expect(
      (await call('POST', '/auth/email-change', { email: newEmail, current_password: other.password }, owner.token)).body,
    ).toMatchObject({ fields: { current_password: ['value'] } });
    const [row] = await h.t.database.db
      .select({ email: users.email, tmpEmail: users.tmpEmail, code: users.emailUpdateCode })
      .from(users)
      .where(eq(users.email, owner.email));
    expect(row).toEqual({ email: owner.email, tmpEmail: null, code: null });
    await h.t.app.jobs.worker.drain();
    expect(await h.sandbox.mailsTo(newEmail)).toEqual([]);
    expect((await call('POST', '/auth/email-change', { email: uniqueEmail('anon'), current_password: owner.password })).status).toBe(401);
  });

  it("refuses an address in use (spec §8 'This E-Mail is already used.'), a bad one, and anonymous callers", async () => {
    const owner = await signUp();
    const other = await signUp();
    expect(await call('POST', '/auth/email-change', { email: other.email, current_password: owner.password }, owner.token)).toMatchObject({
      status: 400,
      body: { fields: { email: ['unique'] } },
    });
    expect((await call('POST', '/auth/email-change', { email: 'nope', current_password: owner.password }, owner.token)).status).toBe(400);
    expect((await call('POST', '/auth/email-change', { email: uniqueEmail('anon') })).status).toBe(401);
    expect((await call('POST', '/auth/email-change/confirm', { code: 'made-up-code' })).status).toBe(400);
  });
});

describe("the old address's undo link", () => {
  it('puts the old address back once, ends every session and cancels a pending recovery; it needs no session', async () => {
    const owner = await signUp();
    const newEmail = uniqueEmail('taken-over');
    await call('POST', '/auth/email-change/confirm', { code: await changeEmail(owner, newEmail) });
    expect((await call('POST', '/auth/password-recovery', { email: newEmail })).status).toBe(202);
    const { code } = await undoCodeFor(owner.email);

    expect(await call('POST', '/auth/email-change/undo', { code })).toMatchObject({ status: 200, body: { email: owner.email } });
    expect((await call('GET', '/user/me/', undefined, owner.token)).status).toBe(401);
    expect(await logsIn(owner.email, owner.password)).toBe(true);
    expect(await logsIn(newEmail, owner.password)).toBe(false);
    const [row] = await h.t.database.db.select({ recovery: users.passwordRecoveryCode }).from(users).where(eq(users.email, owner.email));
    expect(row!.recovery).toBeNull();
    // Once only.
    expect(await call('POST', '/auth/email-change/undo', { code })).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/^invalid_code/) },
    });
    expect((await call('POST', '/auth/email-change/undo', { code: 'made-up-code' })).status).toBe(400);
  });

  it('expires', async () => {
    const owner = await signUp();
    await call('POST', '/auth/email-change/confirm', { code: await changeEmail(owner, uniqueEmail('expiring')) });
    const { code } = await undoCodeFor(owner.email);
    await h.t.database.db
      .update(emailChangeUndos)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeUndos.oldEmail, owner.email));
    expect((await call('POST', '/auth/email-change/undo', { code })).status).toBe(400);
    expect(await logsIn(owner.email, owner.password)).toBe(false);
  });

  it('keeps the old address for its owner: no other account takes it, and a later change cannot undo the first undo', async () => {
    const owner = await signUp();
    const intruderEmail = uniqueEmail('intruder');
    await call('POST', '/auth/email-change/confirm', { code: await changeEmail(owner, intruderEmail) });
    const first = await undoCodeFor(owner.email);
    const other = await signUp();
    expect(await call('POST', '/auth/email-change', { email: owner.email, current_password: other.password }, other.token)).toMatchObject({
      status: 400,
      body: { fields: { email: ['unique'] } },
    });
    expect(await call('POST', '/auth/register', { email: owner.email, password: 'squatter-1' })).toMatchObject({
      status: 400,
      body: { fields: { email: ['unique'] } },
    });

    // Whoever took the account changes it again, then uses the second change's undo link at once.
    const signedIn = await call('POST', '/auth/oauth/token/', {
      grant_type: 'password',
      username: intruderEmail,
      password: owner.password,
    });
    const intruder = { token: (signedIn.body as { access_token: string }).access_token, password: owner.password };
    const thirdEmail = uniqueEmail('third');
    await call('POST', '/auth/email-change/confirm', { code: await changeEmail(intruder, thirdEmail) });
    const second = await undoCodeFor(intruderEmail);
    expect(await call('POST', '/auth/email-change/undo', { code: second.code })).toMatchObject({ body: { email: intruderEmail } });
    // The owner's link still works, and it ends the intruder's later ones.
    expect(await call('POST', '/auth/email-change/undo', { code: first.code })).toMatchObject({
      status: 200,
      body: { email: owner.email },
    });
    expect((await call('POST', '/auth/email-change/undo', { code: second.code })).status).toBe(400);
    expect(await logsIn(owner.email, owner.password)).toBe(true);
  });
});

describe('an account without a password (an old social sign-up)', () => {
  const MINUTE = 60_000;
  async function passwordless() {
    const email = uniqueEmail('social-only');
    const [user] = await h.t.database.db
      .insert(users)
      .values({ username: `social-${randomUUID()}`, email, passwordHash: '!', registrationType: 'social', locale: 'en' })
      .returning({ id: users.id });
    return { id: user!.id, email };
  }

  it('changes its email within minutes of signing in, and not later, even through a refreshed session', async () => {
    const user = await passwordless();
    const me = await call('GET', '/user/me/', undefined, (await issueTokenPair(h.t.database.db, user.id)).accessToken);
    expect(me.body).toMatchObject({ signsInWithEmail: false });
    const stale = await issueTokenPair(h.t.database.db, user.id, new Date(Date.now() - 11 * MINUTE));
    expect(await call('POST', '/auth/email-change', { email: uniqueEmail('late') }, stale.accessToken)).toMatchObject({
      status: 403,
      body: { detail: expect.stringMatching(/^recent_login_required/) },
    });
    const refreshed = (await call('POST', '/auth/oauth/token/', { grant_type: 'refresh_token', refresh_token: stale.refreshToken }))
      .body as {
      access_token: string;
    };
    expect((await call('POST', '/auth/email-change', { email: uniqueEmail('late') }, refreshed.access_token)).status).toBe(403);

    const fresh = await issueTokenPair(h.t.database.db, user.id);
    const newEmail = uniqueEmail('social-new');
    expect(await call('POST', '/auth/email-change', { email: newEmail, locale: 'en' }, fresh.accessToken)).toMatchObject({
      status: 202,
      body: { tmpEmail: newEmail },
    });
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
