// Logs carry ids, never personal data or tokens (ADR 023; src/plugins/log-redaction.ts).
// Real routes run real queries that fail: the test database refuses every new row of the users and
// private profile tables (as a database whose migrations did not run would), so signup and the
// profile update answer 500 and the errors plugin logs the database error, whose query parameters,
// message and PostgreSQL `detail` ("Failing row contains (…)") carry what the supporter typed.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

const lines: string[] = [];
let t: TestApp;
let app: FastifyInstance;

const profile = {
  last_name: '秘密山',
  first_name: '花子',
  birthday: '1987-06-05',
  gender: 2,
  zip_code: '1520001',
  area: '東京都',
  city: '目黒区中央町',
  address1: '秘密通り9-8-7',
  phone: '09087654321',
};
const PERSONAL = ['秘密山', '花子', '1987-06-05', '目黒区中央町', '秘密通り9-8-7', '09087654321', '1520001'];

beforeAll(async () => {
  t = await buildTestApp();
  // A second app over the same database, logging at info level into `lines`.
  app = await buildApp({
    config: { ...t.config, LOG_LEVEL: 'info' },
    database: t.database,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('a failing query with personal data', () => {
  it('logs the request id and the error code, and none of the personal data, secrets or tokens', async () => {
    const member = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: {
        email: 'member-log@example.com',
        password: 'kifu-pass-123',
        private_profile: { first_name: 'A', last_name: 'B', gender: 3 },
      },
    });
    expect(member.statusCode).toBe(201);
    const { accessToken } = member.json<{ accessToken: string }>();

    await t.database.db.execute(sql`alter table users add constraint log_test_refuses_rows check (false) not valid`);
    await t.database.db.execute(sql`alter table user_private_profiles add constraint log_test_refuses_rows check (false) not valid`);

    const email = 'himitsu.hanako@example.com';
    const signup = await app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'x-request-id': 'log-test-signup' },
      payload: { email, password: 'secret-password-42', private_profile: profile },
    });
    expect(signup.statusCode).toBe(500);
    expect(signup.json()).toMatchObject({ code: 'internal' });

    const donationToken = 'dtok-0123456789abcdef';
    const idempotencyKey = 'idem-0123456789abcdef';
    const update = await app.inject({
      method: 'PUT',
      url: `/user/private_profile/update_me/?donation_token=${donationToken}&lang=ja`,
      headers: {
        'x-request-id': 'log-test-update',
        authorization: `Bearer ${accessToken}`,
        cookie: `user_token=${accessToken}`,
        'idempotency-key': idempotencyKey,
      },
      payload: profile,
    });
    expect(update.statusCode).toBe(500);

    const log = lines.join('');
    for (const secret of [...PERSONAL, email, 'secret-password-42', accessToken, donationToken, idempotencyKey])
      expect(log).not.toContain(secret);

    const entries = lines.map(
      (line) => JSON.parse(line) as { reqId?: string; msg?: string; err?: { code?: string; cause?: { code?: string } } },
    );
    for (const reqId of ['log-test-signup', 'log-test-update']) {
      const failure = entries.find((entry) => entry.reqId === reqId && entry.msg === 'server error');
      expect(failure).toBeDefined();
      // The check violation's SQLSTATE, on the database error under drizzle's query error.
      expect(JSON.stringify(failure!.err)).toContain('"code":"23514"');
      expect(JSON.stringify(failure!.err)).toContain('log_test_refuses_rows');
    }
    // The request line keeps the route and the harmless query parameters.
    expect(
      entries.some(
        (entry) =>
          entry.reqId === 'log-test-update' &&
          JSON.stringify(entry).includes('/user/private_profile/update_me/?donation_token=[redacted]&lang=ja'),
      ),
    ).toBe(true);
  });
});
