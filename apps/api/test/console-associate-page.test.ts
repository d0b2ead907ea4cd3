// The console's page editor (ADR 067): every member reads the organisation's page texts, owners
// and staff change them; a member of another associate, a plain user and anonymous find nothing.
// A change shows on the public page at once, even with the public reads kept (ADR 040), and queues
// the web's page refresh; bad input is a 400 naming the field, and nothing changes.
import type { api } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associateMembers, associates, associateVisions, donationThanksMails, jobs } from '../src/db/schema/index';
import { REFRESH_PUBLIC_PAGES_JOB } from '../src/public-pages/refresh-public-pages';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { demoSignIn, type DemoUser } from './helpers/demo-sign-in';
import { clientAddress } from './helpers/donation-requests';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
const UID = 'console-test-page';
let associateId: number;
const tokens = {} as Record<'owner' | 'staff' | 'viewer' | 'otherMember' | 'plain', string>;
const url = `/associate/${UID}/console/page/`;

async function call<T>(method: 'GET' | 'PATCH', path: string, token?: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url: path,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as never,
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : null) as T & api.ErrorBody, headers: response.headers };
}

const publicPage = async (lang: 'ja' | 'en' = 'ja') => (await call<api.AssociateDetail>('GET', `/associate/${UID}/?lang=${lang}`)).body;

beforeAll(async () => {
  // Public reads kept a minute, as in production: the edit must make them fresh, not the timer.
  t = await buildTestApp({ PUBLIC_READ_CACHE_MS: '60000' });
  const db = t.database.db;
  ({ id: associateId } = (
    await db
      .insert(associates)
      .values({
        uid: UID,
        name: 'ページ試験の会',
        nameEn: 'Page Test Society',
        catchCopy: 'すべての子どもに学びを',
        catchCopyEn: 'Learning for every child',
        description: '私たちは学びの場をつくります。',
        representative: '山田 太郎',
        address: '東京都千代田区1-1',
        logoPath: 'demo/logo.png',
        mainVisualPath: 'demo/main.png',
      })
      .returning()
  )[0]!);
  await db.insert(associateVisions).values({
    associateId,
    core: '学びをすべての子に',
    detail: '',
    challenge: '',
    challengeReason: '',
    useForDonation: '',
    challengeImagePath: 'demo/main.png',
    challengeReasonImagePath: 'demo/main.png',
    useForDonationImagePath: 'demo/main.png',
  });
  const signedIn: Record<'owner' | 'staff' | 'viewer' | 'otherMember', DemoUser> = {
    owner: 'yumi',
    staff: 'sho',
    viewer: 'misaki',
    otherMember: 'kenta',
  };
  for (const [as, key] of Object.entries(signedIn) as [keyof typeof signedIn, DemoUser][]) {
    const { token, userId } = await demoSignIn(t, key);
    tokens[as] = token;
    if (as !== 'otherMember') await db.insert(associateMembers).values({ associateId, userId, role: as }).onConflictDoNothing();
  }
  const plain = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email: uniqueEmail('page-plain'), password: 'kifu-pass-123' },
    remoteAddress: clientAddress(),
  });
  tokens.plain = plain.json().accessToken as string;
}, 120_000);
afterAll(() => t?.close());

describe("the organisation's page in the console", () => {
  it('every member reads the texts, ja and en side by side; nobody else finds them', async () => {
    for (const as of ['owner', 'staff', 'viewer'] as const) {
      const read = await call<api.EditableAssociatePage>('GET', url, tokens[as]);
      expect(read.status).toBe(200);
      expect(read.headers['cache-control']).toBe('private, no-store');
      expect(read.body).toMatchObject({
        uid: UID,
        name: 'ページ試験の会',
        name_en: 'Page Test Society',
        catch_copy: 'すべての子どもに学びを',
        catch_copy_en: 'Learning for every child',
        description_en: '',
        vision_core: '学びをすべての子に',
        thanks_subject: '',
        certified_on: '',
      });
    }
    expect((await call('GET', url, tokens.otherMember)).status).toBe(404);
    expect((await call('GET', url, tokens.plain)).status).toBe(404);
    expect((await call('GET', url)).status).toBe(401);
  });

  it('only owners and staff change them', async () => {
    const edit = { catch_copy: '誰も取り残さない学び' };
    expect((await call('PATCH', url, tokens.viewer, edit)).status).toBe(403);
    expect((await call('PATCH', url, tokens.otherMember, edit)).status).toBe(404);
    expect((await call('PATCH', url, tokens.plain, edit)).status).toBe(404);
    expect((await call('PATCH', url, undefined, edit)).status).toBe(401);
    expect((await publicPage()).catch_copy).toBe('すべての子どもに学びを');
    for (const as of ['owner', 'staff'] as const) {
      const saved = await call<api.SavedAssociatePage>('PATCH', url, tokens[as], { catch_copy: `${as}の学び` });
      expect(saved.status).toBe(200);
      expect(saved.body.page.catch_copy).toBe(`${as}の学び`);
    }
  });

  it('a change shows on the public page at once, and the one language left behind is a warning', async () => {
    // Read (and so kept) before the change.
    expect((await publicPage()).catch_copy).toBe('staffの学び');
    expect((await publicPage('en')).catch_copy).toBe('Learning for every child');
    await t.database.db.delete(jobs).where(eq(jobs.kind, REFRESH_PUBLIC_PAGES_JOB));

    const saved = await call<api.SavedAssociatePage>('PATCH', url, tokens.staff, {
      catch_copy: '今日の学びを明日の力に',
      description_en: 'We build places to learn.',
      vision_core: '学びの輪を広げる',
      vision_core_en: 'Widen the circle of learning',
      website_url: 'https://page-test.example.org/',
      certification_number: '第123号',
      certification_authority: '東京都',
      certified_on: '2020-04-01',
      thanks_subject: '{{name}}様、ありがとうございます',
      thanks_body: '{{associate}}への{{amount}}のご寄付に感謝します。',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.warnings).toEqual([
      { field: 'catch_copy', missing: 'en' },
      { field: 'description', missing: 'ja' },
      { field: 'thanks_subject', missing: 'en' },
      { field: 'thanks_body', missing: 'en' },
      { field: 'certification_authority', missing: 'en' },
    ]);

    const ja = await publicPage();
    expect(ja).toMatchObject({ catch_copy: '今日の学びを明日の力に', website_url: 'https://page-test.example.org/' });
    expect(ja.vision.core).toBe('学びの輪を広げる');
    const en = await publicPage('en');
    expect(en).toMatchObject({ catch_copy: 'Learning for every child', description: 'We build places to learn.' });
    expect(en.vision.core).toBe('Widen the circle of learning');
    // The web's cached pages are told too (ADR 020).
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, REFRESH_PUBLIC_PAGES_JOB))).toHaveLength(1);

    const [row] = await t.database.db.select().from(associates).where(eq(associates.id, associateId));
    expect(row).toMatchObject({
      certificationNumber: '第123号',
      certificationAuthority: '東京都',
      certifiedOn: '2020-04-01',
      catchCopyEn: 'Learning for every child',
    });
    const [mail] = await t.database.db.select().from(donationThanksMails).where(eq(donationThanksMails.associateId, associateId));
    expect(mail).toMatchObject({ subject: '{{name}}様、ありがとうございます', subjectEn: null });
  });

  it('clearing an English text falls back to Japanese, and clearing the whole mail gives it back to Kifu', async () => {
    const saved = await call<api.SavedAssociatePage>('PATCH', url, tokens.owner, {
      description_en: '',
      thanks_subject: '',
      thanks_body: '',
    });
    expect(saved.status).toBe(200);
    expect((await publicPage('en')).description).toBe('私たちは学びの場をつくります。');
    expect(
      await t.database.db
        .select()
        .from(donationThanksMails)
        .where(and(eq(donationThanksMails.associateId, associateId))),
    ).toHaveLength(0);
  });

  it('bad input is a 400 naming each field, and nothing changes', async () => {
    const before = (await call<api.EditableAssociatePage>('GET', url, tokens.owner)).body;
    const refusals: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: '' }, { name: ['required'] }],
      [
        { catch_copy: 'あ'.repeat(201), name_en: 'x'.repeat(101) },
        { catch_copy: ['maxLength'], name_en: ['maxLength'] },
      ],
      [{ description: 'a\u0000b', catch_copy: '変わるはず' }, { description: ['pattern.invalidCharacter'] }],
      [{ website_url: 'javascript:alert(1)' }, { website_url: ['pattern'] }],
      [{ certified_on: '2020-13-01' }, { certified_on: expect.any(Array) as never }],
      [{ thanks_subject: '{{nmae}}様', thanks_body: '本文' }, { thanks_subject: ['value'] }],
      [{ thanks_subject: '件名だけ' }, { thanks_body: ['required'] }],
      [{ logo_path: 'elsewhere.png' }, {}],
    ];
    for (const [body, fields] of refusals) {
      const refused = await call('PATCH', url, tokens.owner, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fields ?? {}).toMatchObject(fields);
    }
    const after = (await call<api.EditableAssociatePage>('GET', url, tokens.owner)).body;
    expect(after).toEqual(before);
    expect((await publicPage()).catch_copy).toBe('今日の学びを明日の力に');
  });
});
