// The members of an associate's console (ADR 060): an owner invites by e-mail (a mailed, single-use,
// expiring link), the invitee signs up with that address and accepts, roles change and members
// leave — the last owner never — and every step is in the audit log; staff, other users and
// anonymous callers can do none of it.
import type { api } from '@kifu/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associateMembers, associates, mailOutbox } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { demoSignIn } from './helpers/demo-sign-in';
import { clientAddress } from './helpers/donation-requests';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
const UID = 'console-test-members';
let associateId: number;
const tokens = {} as Record<'owner' | 'staff' | 'plain', string>;
const userIds = {} as Record<'owner' | 'staff', number>;

async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    payload: payload as never,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : null) as T & api.ErrorBody };
}

async function signUp(email = uniqueEmail('console-member')): Promise<string> {
  const created = await call<{ accessToken: string }>('POST', '/auth/register', undefined, { email, password: 'kifu-pass-123' });
  expect(created.status).toBe(201);
  return created.body.accessToken;
}

/** The code in the latest invitation mailed to `email`. */
async function mailedCode(email: string): Promise<string> {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
  expect(mail?.template).toBe('associate-invitation');
  const link = /https?:\/\/\S+/.exec(mail!.textBody)![0];
  expect(new URL(link).pathname).toBe('/dashboard/invitation');
  return new URL(link).searchParams.get('code')!;
}

const members = (token = tokens.owner) => call<api.ConsoleMembers>('GET', `/associate/${UID}/console/members/`, token);
const invite = (email: string, role: string, token = tokens.owner) =>
  call('POST', `/associate/${UID}/console/members/invitations/`, token, { email, role, lang: 'ja' });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  ({ id: associateId } = (
    await db
      .insert(associates)
      .values({ uid: UID, name: 'メンバー試験の会', logoPath: 'demo/logo.png', mainVisualPath: 'demo/main.png' })
      .returning()
  )[0]!);
  for (const [as, key] of [
    ['owner', 'yumi'],
    ['staff', 'sho'],
  ] as const) {
    const { token, userId } = await demoSignIn(t, key);
    tokens[as] = token;
    userIds[as] = userId;
    await db.insert(associateMembers).values({ associateId, userId, role: as });
  }
  tokens.plain = await signUp();
}, 120_000);
afterAll(() => t?.close());

describe('members and invitations', () => {
  it('are for owners only', async () => {
    expect((await members(tokens.staff)).status).toBe(403);
    expect((await invite('someone@example.com', 'staff', tokens.staff)).status).toBe(403);
    expect((await call('PATCH', `/associate/${UID}/console/members/${userIds.owner}/`, tokens.staff, { role: 'viewer' })).status).toBe(403);
    expect((await members(tokens.plain)).status).toBe(404);
    expect((await invite('someone@example.com', 'staff', tokens.plain)).status).toBe(404);
    expect((await members('')).status).toBe(401);
  });

  it('invites by mail; the invitee signs up with that address and joins with the role, once', async () => {
    const email = uniqueEmail('invitee');
    expect((await invite(email, 'viewer')).status).toBe(204);
    const listed = await members();
    expect(listed.body.invitations).toEqual([expect.objectContaining({ email, role: 'viewer', invited_by: 'yumi@kifu.example' })]);
    const code = await mailedCode(email);

    const offered = await call<api.InvitationView>('GET', `/associate-invitations/${code}/?lang=ja`);
    expect(offered.body).toEqual({ associate: { uid: UID, name: 'メンバー試験の会' }, role: 'viewer', email });
    // Someone else signed in cannot take it.
    expect((await call('POST', '/associate-invitations/accept/', tokens.plain, { code })).status).toBe(409);

    const invitee = await signUp(email);
    const accepted = await call<{ role: string }>('POST', '/associate-invitations/accept/', invitee, { code });
    expect(accepted).toMatchObject({ status: 200, body: { associate: { uid: UID }, role: 'viewer' } });
    expect((await call<api.MyAssociate>('GET', `/associate/${UID}/my_associate/`, invitee)).body.role).toBe('viewer');
    expect((await call('POST', '/associate-invitations/accept/', invitee, { code })).status).toBe(404);
    expect((await call('GET', `/associate-invitations/${code}/`)).status).toBe(404);

    const after = await members();
    expect(after.body.invitations).toEqual([]);
    expect(after.body.members.map((member) => [member.email, member.role])).toContainEqual([email, 'viewer']);
    const log = await call<api.AuditLog>('GET', `/associate/${UID}/console/audit/`, tokens.owner);
    expect(log.body.results.slice(0, 2).map((event) => event.action)).toEqual(['member.join', 'member.invite']);
  });

  it('refuses inviting a member again; a revoked invitation no longer opens', async () => {
    expect((await invite('yumi@kifu.example', 'staff')).status).toBe(409);
    const email = uniqueEmail('revoked');
    await invite(email, 'staff');
    const code = await mailedCode(email);
    const { id } = (await members()).body.invitations.find((invitation) => invitation.email === email)!;
    expect((await call('DELETE', `/associate/${UID}/console/members/invitations/${id}/`, tokens.owner)).status).toBe(204);
    expect((await call('GET', `/associate-invitations/${code}/`)).status).toBe(404);
    expect((await call('DELETE', `/associate/${UID}/console/members/invitations/${id}/`, tokens.owner)).status).toBe(404);
  });

  it('always keeps an owner: the last one can be neither demoted nor removed', async () => {
    const patch = (userId: number, role: string) => call('PATCH', `/associate/${UID}/console/members/${userId}/`, tokens.owner, { role });
    expect((await patch(userIds.owner, 'staff')).status).toBe(409);
    expect((await call('DELETE', `/associate/${UID}/console/members/${userIds.owner}/`, tokens.owner)).status).toBe(409);
    // With a second owner, the first may step down; then the second is the last.
    expect((await patch(userIds.staff, 'owner')).status).toBe(204);
    expect((await patch(userIds.owner, 'staff')).status).toBe(204);
    expect((await call('DELETE', `/associate/${UID}/console/members/${userIds.staff}/`, tokens.staff)).status).toBe(409);
    expect((await call('GET', `/associate/${UID}/console/members/`, tokens.owner)).status).toBe(403);
    const roles = Object.fromEntries((await members(tokens.staff)).body.members.map((member) => [member.user_id, member.role]));
    expect(roles).toMatchObject({ [userIds.owner]: 'staff', [userIds.staff]: 'owner' });
  });

  it('refuses hostile input with 400, never 500', async () => {
    for (const [method, url, body] of [
      ['POST', `/associate/${UID}/console/members/invitations/`, { email: 'not-an-address', role: 'staff' }],
      ['POST', `/associate/${UID}/console/members/invitations/`, { email: 'a@example.com', role: 'admin' }],
      ['PATCH', `/associate/${UID}/console/members/99999999999/`, { role: 'staff' }],
      ['POST', '/associate-invitations/accept/', { code: 'a\u0000b' }],
      ['GET', '/associate-invitations/abc.def/', undefined],
    ] as const)
      expect((await call(method, url, tokens.staff, body)).status, url).toBe(400);
  });
});
