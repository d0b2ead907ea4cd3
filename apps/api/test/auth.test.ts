// Bearer token and user_token cookie identify the caller; expired, revoked or unknown tokens do not.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, issueAccessToken } from '../src/accounts/access-tokens';
import { accessTokens, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    app.get('/__test/me', { preHandler: app.requireUser }, async (request) => ({ userId: request.userId }));
  });
  userId = (await t.database.db.select({ id: users.id }).from(users).limit(1))[0]!.id;
});
afterAll(() => t.close());

describe('authentication', () => {
  it('identifies the caller by bearer header or user_token cookie, and stores only the hash', async () => {
    const { token } = await issueAccessToken(t.database.db, userId);
    const byHeader = await t.app.inject({ url: '/__test/me', headers: { authorization: `Bearer ${token}` } });
    expect(byHeader.json()).toEqual({ userId });
    const byCookie = await t.app.inject({ url: '/__test/me', cookies: { user_token: token } });
    expect(byCookie.json()).toEqual({ userId });
    const stored = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('answers 401 with the error model for no, unknown, expired or revoked tokens', async () => {
    const expired = await issueAccessToken(t.database.db, userId, new Date(Date.now() - 61 * 86_400_000));
    const revoked = await issueAccessToken(t.database.db, userId);
    await t.database.db
      .update(accessTokens)
      .set({ revokedAt: new Date() })
      .where(eq(accessTokens.tokenHash, hashToken(revoked.token)));
    for (const headers of [
      {},
      { authorization: 'Bearer nope' },
      { authorization: `Bearer ${expired.token}` },
      { authorization: `Bearer ${revoked.token}` },
    ]) {
      const response = await t.app.inject({ url: '/__test/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized', detail: expect.any(String) });
    }
  });

  it("stops honouring a deactivated user's live token, and honours it again once reactivated", async () => {
    const [other] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.isActive, true)).offset(1).limit(1);
    const { token } = await issueAccessToken(t.database.db, other!.id);
    const call = () => t.app.inject({ url: '/__test/me', headers: { authorization: `Bearer ${token}` } });
    expect((await call()).statusCode).toBe(200);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, other!.id));
    expect((await call()).statusCode).toBe(401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, other!.id));
    expect((await call()).json()).toEqual({ userId: other!.id });
  });
});
