// The six callers every console route is tried as (ADR 060): an owner, staff and a viewer of the
// associate, a member of another associate (kenta, of the demo data), a plain signed-up user, and
// anonymous (no token).
import type { api } from '@kifu/domain';
import type { Database } from '../../src/db/client';
import { associateMembers, associates } from '../../src/db/schema/index';
import type { TestApp } from './build-test-app';
import { demoSignIn, type DemoUser } from './demo-sign-in';
import { clientAddress } from './donation-requests';
import { uniqueEmail } from './start-sandbox';

export type ConsoleCaller = 'owner' | 'staff' | 'viewer' | 'otherMember' | 'plain';

/** Signs the callers in, makes the first three members of `associateId` with their roles, and answers their tokens. */
export async function consoleCallers(t: TestApp, db: Database, associateId: number): Promise<Record<ConsoleCaller, string>> {
  const demo: Record<Exclude<ConsoleCaller, 'plain'>, DemoUser> = { owner: 'yumi', staff: 'sho', viewer: 'misaki', otherMember: 'kenta' };
  const tokens = {} as Record<ConsoleCaller, string>;
  for (const [as, key] of Object.entries(demo) as [Exclude<ConsoleCaller, 'plain'>, DemoUser][]) {
    const { token, userId } = await demoSignIn(t, key);
    tokens[as] = token;
    if (as !== 'otherMember') await db.insert(associateMembers).values({ associateId, userId, role: as }).onConflictDoNothing();
  }
  const plain = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email: uniqueEmail('console-plain'), password: 'kifu-pass-123' },
    remoteAddress: clientAddress(),
  });
  tokens.plain = plain.json().accessToken as string;
  return tokens;
}

/** A call as one of the callers (no token: anonymous), its JSON answer typed. */
export async function consoleCall<T>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  /** A multipart upload's content type (helpers/multipart-image.ts `multipartFile`). */
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    payload: payload as never,
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : null) as T & api.ErrorBody };
}

/** A fresh associate of the test's own, and the callers' tokens on it. */
export async function consoleAssociate(t: TestApp, uid: string, name: string) {
  const [associate] = await t.database.db
    .insert(associates)
    .values({ uid, name, logoPath: 'demo/logo.png', mainVisualPath: 'demo/main.png' })
    .returning();
  return { associate: associate!, tokens: await consoleCallers(t, t.database.db, associate!.id) };
}
