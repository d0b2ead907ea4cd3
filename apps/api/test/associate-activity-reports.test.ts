// GET /associate/{uid}/activity-reports/ and /associate/{uid}/activity-reports/{reportId}/ (ADR 033
// "what your gift did"): published reports of a published associate only, newest first, localised;
// drafts, other associates' reports and unpublished associates are 404, hostile ids 400.
import type { api } from '@kifu/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associateActivityReports } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

const MIRAI = { id: 1, uid: 'kodomo-shokudo-mirai' };
const SATOYAMA = { id: 2, uid: 'satoyama-forest-fund' };
const MIDORI = { id: 19, uid: 'midori-town-fund' }; // unpublished
const base = (uid: string) => `/associate/${uid}/activity-reports/`;

let t: TestApp;
let draftId: number;
let hiddenAssociateReportId: number;
let satoyamaReportId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  [{ id: draftId }] = (await db
    .insert(associateActivityReports)
    .values({ associateId: MIRAI.id, title: '下書きの報告', body: 'まだ公開していません。', publishedAt: null })
    .returning({ id: associateActivityReports.id })) as [{ id: number }];
  [{ id: hiddenAssociateReportId }] = (await db
    .insert(associateActivityReports)
    .values({ associateId: MIDORI.id, title: '非公開団体の報告', body: '本文', publishedAt: new Date() })
    .returning({ id: associateActivityReports.id })) as [{ id: number }];
  const [satoyama] = await db
    .select({ id: associateActivityReports.id })
    .from(associateActivityReports)
    .where(and(eq(associateActivityReports.associateId, SATOYAMA.id), isNotNull(associateActivityReports.publishedAt)))
    .orderBy(asc(associateActivityReports.id));
  satoyamaReportId = satoyama!.id;
});
afterAll(() => t.close());

describe('GET /associate/{uid}/activity-reports/', () => {
  it("lists the associate's published reports only, newest first", async () => {
    const { status, body } = await t.get<api.AssociateActivityReportList>(base(MIRAI.uid));
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 2, page: 1, page_size: 20 });
    expect(body.results.map((report) => report.title)).toEqual([
      '秋の活動報告：こども食堂の利用が月3,200食に',
      '夏休みのお弁当配布を行いました',
    ]);
    expect(body.results.map((report) => report.id)).not.toContain(draftId);
    const [newest, older] = body.results;
    expect(Date.parse(newest!.published_at)).toBeGreaterThan(Date.parse(older!.published_at));
    expect(newest!.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(newest!.body).toContain('こども食堂が開きました');
    expect(newest!.associate).toEqual({ uid: MIRAI.uid, name: '認定NPO法人 こども食堂ネットワークみらい' });
  });

  it('paginates with page and page_size', async () => {
    const first = await t.get<api.AssociateActivityReportList>(`${base(MIRAI.uid)}?page_size=1`);
    const second = await t.get<api.AssociateActivityReportList>(`${base(MIRAI.uid)}?page_size=1&page=2`);
    expect(first.body).toMatchObject({ count: 2, page: 1, page_size: 1 });
    expect(second.body).toMatchObject({ count: 2, page: 2, page_size: 1 });
    expect(second.body.results[0]!.title).toBe('夏休みのお弁当配布を行いました');
  });

  it('gives the English text with lang=en', async () => {
    const { body } = await t.get<api.AssociateActivityReportList>(`${base(MIRAI.uid)}?lang=en`);
    expect(body.results[0]).toMatchObject({
      title: 'Autumn report: our cafeterias now serve 3,200 meals a month',
      body: 'Thanks to your gifts, three new cafeterias opened. Food deliveries now run twice a week.',
      associate: { uid: MIRAI.uid, name: 'Kodomo Shokudo Network Mirai' },
    });
  });

  it('is empty for a published associate without reports, 404 for an unpublished or unknown one', async () => {
    const none = await t.get<api.AssociateActivityReportList>(base('aozora-kids'));
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ count: 0, results: [] });
    for (const uid of [MIDORI.uid, 'no-such-associate']) {
      const { status, body } = await t.get<api.ErrorBody>(base(uid));
      expect(status, uid).toBe(404);
      expect(body).toEqual({ code: 'not_found', detail: expect.any(String) });
    }
  });

  it('answers 400 for a bad page or language', async () => {
    for (const query of ['page=0', 'page_size=101', 'lang=fr']) {
      const { status, body } = await t.get<api.ErrorBody>(`${base(MIRAI.uid)}?${query}`);
      expect(status, query).toBe(400);
      expect(body.code).toBe('validation_failed');
    }
  });
});

describe('GET /associate/{uid}/activity-reports/{reportId}/', () => {
  it('answers one published report, localised with lang=en', async () => {
    const list = await t.get<api.AssociateActivityReportList>(base(MIRAI.uid));
    const listed = list.body.results[0]!;
    const ja = await t.get<api.AssociateActivityReport>(`${base(MIRAI.uid)}${listed.id}/`);
    expect(ja.status).toBe(200);
    expect(ja.body).toEqual(listed);
    const en = await t.get<api.AssociateActivityReport>(`${base(MIRAI.uid)}${listed.id}/?lang=en`);
    expect(en.body).toMatchObject({
      id: listed.id,
      title: 'Autumn report: our cafeterias now serve 3,200 meals a month',
      published_at: listed.published_at,
      associate: { uid: MIRAI.uid, name: 'Kodomo Shokudo Network Mirai' },
    });
  });

  it("answers a report written in the console's editor as sanitised HTML beside its text; an older one as text alone", async () => {
    const [written] = await t.database.db
      .insert(associateActivityReports)
      .values({
        associateId: SATOYAMA.id,
        title: '編集画面の報告',
        body: '<h2>森の手入れ</h2><p>間伐を<strong>進めました</strong></p><script>alert(1)</script>',
        publishedAt: new Date(Date.now() - 86_400_000),
      })
      .returning({ id: associateActivityReports.id });
    const { body } = await t.get<api.AssociateActivityReport>(`${base(SATOYAMA.uid)}${written!.id}/`);
    expect(body.body_html).toBe('<h2>森の手入れ</h2><p>間伐を<strong>進めました</strong></p>');
    expect(body.body).toContain('間伐を進めました');
    expect(body.body).not.toMatch(/<|alert/);
    const older = await t.get<api.AssociateActivityReport>(`${base(SATOYAMA.uid)}${satoyamaReportId}/`);
    expect(older.body.body_html).toBe('');
    await t.database.db.delete(associateActivityReports).where(eq(associateActivityReports.id, written!.id));
  });

  it("answers 404 for a draft, another associate's report, an unpublished associate and unknown ids", async () => {
    const cases = [
      `${base(MIRAI.uid)}${draftId}/`,
      `${base(MIRAI.uid)}${satoyamaReportId}/`,
      `${base(MIDORI.uid)}${hiddenAssociateReportId}/`,
      `${base(MIRAI.uid)}999999/`,
      `${base('no-such-associate')}${satoyamaReportId}/`,
    ];
    for (const url of cases) {
      const { status, body } = await t.get<api.ErrorBody>(url);
      expect(status, url).toBe(404);
      expect(body).toEqual({ code: 'not_found', detail: expect.any(String) });
    }
    // The other associate's report is there under its own uid.
    expect((await t.get(`${base(SATOYAMA.uid)}${satoyamaReportId}/`)).status).toBe(200);
  });

  it('answers 400 validation_failed on reportId for hostile ids, never a database error', async () => {
    for (const id of ['abc', '99999999999', '2147483648', '0', '-1', '1.5']) {
      const { status, body } = await t.get<api.ErrorBody>(`${base(MIRAI.uid)}${id}/`);
      expect(status, id).toBe(400);
      expect(body.code).toBe('validation_failed');
      expect(body.fields?.reportId, JSON.stringify(body)).toBeDefined();
    }
  });

  it('answers 400 on uid for a uid with a NUL character', async () => {
    const { status, body } = await t.get<api.ErrorBody>(`/associate/a%00b/activity-reports/1/`);
    expect(status).toBe(400);
    expect(body.fields?.uid).toBeDefined();
  });
});
