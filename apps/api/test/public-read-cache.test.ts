// Public reads answered from memory (ADR 040, plugins/public-read-cache.ts): an anonymous read of
// a public route is kept for PUBLIC_READ_CACHE_MS and answered again without the database; a
// signed-in caller always reads the database; a campaign write that succeeded, the page refresh a
// paid donation enqueues, or another process's notification makes the next read fresh; sign-ups
// and refused writes do not.
import { api } from '@kifu/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/index';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { PUBLIC_DATA_CHANNEL } from '../src/plugins/public-read-cache';
import { REFRESH_PUBLIC_PAGES_JOB } from '../src/public-pages/refresh-public-pages';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { demoSignIn } from './helpers/demo-sign-in';

let t: TestApp;
let campaignId: number;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_READ_CACHE_MS: '60000' });
  const [campaign] = await t.database.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.status, 'published')).limit(1);
  campaignId = campaign!.id;
});
afterAll(() => t.close());

/** Renames the campaign behind the API's back, as another process would. */
const rename = (title: string) =>
  t.database.db
    .update(campaigns)
    .set({ title })
    .where(and(eq(campaigns.id, campaignId)));
const read = async (headers: Record<string, string> = {}) => {
  const answer = await t.app.inject({ url: `/campaign/${campaignId}/?lang=ja`, headers });
  expect(answer.statusCode).toBe(200);
  return { title: api.campaignDetail.parse(answer.json()).title, hit: answer.headers['x-kifu-cache'] === 'hit' };
};

describe('the public read cache', () => {
  it('answers an anonymous read again from memory, and a signed-in one from the database', async () => {
    await rename('一度目の名前');
    expect(await read()).toEqual({ title: '一度目の名前', hit: false });
    await rename('裏で変えた名前');
    expect(await read()).toEqual({ title: '一度目の名前', hit: true });
    const { token } = await demoSignIn(t, 'hanako');
    expect(await read({ authorization: `Bearer ${token}` })).toEqual({ title: '裏で変えた名前', hit: false });
  });

  it('forgets everything after a campaign write that succeeded, not after one refused nor after a sign-up', async () => {
    const { token } = await demoSignIn(t, 'hanako');
    const created = await t.app.inject({
      method: 'POST',
      url: '/campaign/',
      headers: { authorization: `Bearer ${token}` },
      payload: { associate_uid: 'kodomo-shokudo-mirai', type: 1, template_id: null, lang: 'ja' },
    });
    expect(created.statusCode).toBe(201);
    const edit = (title: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/campaign/${created.json<{ id: number }>().id}/edit/`,
        headers: { authorization: `Bearer ${token}` },
        payload: { title, lang: 'ja' },
      });
    await rename('書く前の名前');
    await read();
    await rename('書いた後の名前');
    expect((await edit('x'.repeat(10_000))).statusCode).toBe(400);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: `cache-${Date.now()}@example.com`, password: 'kifu-pass-123' },
    });
    expect(signUp.statusCode).toBe(201);
    expect(await read()).toEqual({ title: '書く前の名前', hit: true });
    expect((await edit('下書きの題')).statusCode).toBe(200);
    expect(await read()).toEqual({ title: '書いた後の名前', hit: false });
    // The write's notification to other processes comes back to this one too, later; it must not
    // wipe the answer kept since.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await read()).toEqual({ title: '書いた後の名前', hit: true });
  });

  it("forgets everything after a write in an associate's console (its page, reports and refunds change public figures)", async () => {
    const { token } = await demoSignIn(t, 'hanako');
    await rename('設定前の名前');
    await read();
    await rename('設定後の名前');
    const settings = await t.app.inject({
      method: 'PATCH',
      url: '/associate/kodomo-shokudo-mirai/console/settings/',
      headers: { authorization: `Bearer ${token}` },
      payload: { fiscal_year_start_month: 4 },
    });
    expect(settings.statusCode).toBe(200);
    expect(await read()).toEqual({ title: '設定後の名前', hit: false });
  });

  it('forgets everything when a paid donation asks for the pages to be refreshed (a job)', async () => {
    await rename('精算前の名前');
    await read();
    await rename('精算後の名前');
    expect((await read()).hit).toBe(true);
    await enqueueJob(t.database.db, { kind: REFRESH_PUBLIC_PAGES_JOB, payload: { tags: [] } });
    await t.app.jobs.worker.drain();
    expect(await read()).toEqual({ title: '精算後の名前', hit: false });
  });

  it('forgets everything when another process says public data changed', async () => {
    await rename('知らせる前の名前');
    await read();
    await rename('知らせた後の名前');
    expect((await read()).hit).toBe(true);
    await t.database.db.execute(sql`select pg_notify(${PUBLIC_DATA_CHANNEL}, '')`);
    await expect.poll(async () => (await read()).title, { timeout: 10_000 }).toBe('知らせた後の名前');
  });
});
