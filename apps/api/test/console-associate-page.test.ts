// The console's page editor (ADR 067): every member reads the organisation's page texts, owners
// and staff change them; a member of another associate, a plain user and anonymous find nothing.
// A change shows on the public page at once, even with the public reads kept (ADR 040), and queues
// the web's page refresh; bad input is a 400 naming the field, and nothing changes. The
// certification's expiry and the lists (businesses, members, preset amounts, plan names, social
// challenges) likewise (ADR 070).
import type { api } from '@kifu/domain';
import { presetAmountLimits } from '@kifu/domain/associate-page';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associateBusinesses, associates, associateVisions, donationThanksMails, jobs, membershipPlans } from '../src/db/schema/index';
import { REFRESH_PUBLIC_PAGES_JOB } from '../src/public-pages/refresh-public-pages';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { consoleCallers } from './helpers/console-callers';
import { clientAddress } from './helpers/donation-requests';

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
  Object.assign(tokens, await consoleCallers(t, db, associateId));
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

describe("the organisation's profile", () => {
  it('reaches the public page in either language, English falling back to Japanese', async () => {
    const saved = await call<api.SavedAssociatePage>('PATCH', url, tokens.staff, {
      profile: '2015年設立。東京都内で学習支援を行う団体です。',
      profile_en: 'Founded in 2015, we run study support in Tokyo.',
    });
    expect(saved.status).toBe(200);
    expect((await publicPage()).profile).toBe('2015年設立。東京都内で学習支援を行う団体です。');
    expect((await publicPage('en')).profile).toBe('Founded in 2015, we run study support in Tokyo.');
    await call('PATCH', url, tokens.staff, { profile_en: '' });
    expect((await publicPage('en')).profile).toBe('2015年設立。東京都内で学習支援を行う団体です。');
  });
});

describe("the certification's expiry", () => {
  it('is saved with the certified date and never before it', async () => {
    const saved = await call<api.SavedAssociatePage>('PATCH', url, tokens.owner, { certification_expires_on: '2025-03-31' });
    expect(saved.status).toBe(200);
    expect(saved.body.page).toMatchObject({ certified_on: '2020-04-01', certification_expires_on: '2025-03-31' });
    const [row] = await t.database.db.select().from(associates).where(eq(associates.id, associateId));
    expect(row!.certificationExpiresOn).toBe('2025-03-31');
    // The public page states the certification as the receipts do.
    expect((await publicPage()).certification).toEqual({
      number: '第123号',
      authority: '東京都',
      certified_on: '2020-04-01',
      expires_on: '2025-03-31',
    });

    const before = (await call<api.EditableAssociatePage>('GET', url, tokens.owner)).body;
    const early = await call('PATCH', url, tokens.owner, { certification_expires_on: '2020-03-31', catch_copy: '変わらないはず' });
    expect(early.status).toBe(400);
    expect(early.body.fields).toEqual({ certification_expires_on: ['endBeforeStart'] });
    const orphan = await call('PATCH', url, tokens.owner, { certified_on: '' });
    expect(orphan.status).toBe(400);
    expect(orphan.body.fields).toEqual({ certified_on: ['required'] });
    expect((await call('PATCH', url, tokens.viewer, { certification_expires_on: '2030-03-31' })).status).toBe(403);
    expect((await call<api.EditableAssociatePage>('GET', url, tokens.owner)).body).toEqual(before);
  });
});

describe("the page's lists", () => {
  const page = async () => (await call<api.EditableAssociatePage>('GET', url, tokens.owner)).body;
  const business = (name: string, name_en = '') => ({
    name,
    name_en,
    purpose: `${name}の目的`,
    purpose_en: name_en ? `Purpose of ${name_en}` : '',
    activity: '',
    activity_en: '',
    result: '',
    result_en: '',
    cost: '',
    cost_en: '',
    detail: '',
    detail_en: '',
  });

  it('businesses, members, preset amounts and social challenges are added, ordered, changed and removed in one save, shown on the public page', async () => {
    const challenges = (await page()).social_challenge_choices;
    expect(challenges.length).toBeGreaterThan(2);
    const added = await call<api.SavedAssociatePage>('PATCH', url, tokens.staff, {
      businesses: [business('学習支援', 'Study support'), business('子ども食堂')],
      members: [{ name: '山田 太郎', name_en: 'Taro Yamada', role: '代表', role_en: 'Representative', comment: '', comment_en: '' }],
      prices: [
        { frequency: 'monthly', amount: 1_000, description: '教材ひと月分', description_en: 'A month of books' },
        { frequency: 'single', amount: 3_000, description: '', description_en: '' },
      ],
      social_challenge_ids: [challenges[2]!.id, challenges[0]!.id],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // The second business's English and its purpose's English were not written: a warning, not a refusal.
    expect(added.body.list_warnings).toEqual([
      { list: 'businesses', index: 1, field: 'name', missing: 'en' },
      { list: 'businesses', index: 1, field: 'purpose', missing: 'en' },
    ]);
    const saved = added.body.page;
    expect(saved.businesses.map((item) => item.name)).toEqual(['学習支援', '子ども食堂']);
    expect(saved.social_challenge_ids).toEqual([challenges[0]!.id, challenges[2]!.id]);

    const ja = await publicPage();
    expect(ja.businesses.map((item) => item.name)).toEqual(['学習支援', '子ども食堂']);
    expect(ja.members).toMatchObject([{ name: '山田 太郎', role: '代表' }]);
    expect(ja.donation_setting.prices).toMatchObject([
      { frequency: 'monthly', amount: 1_000, description: '教材ひと月分' },
      { frequency: 'single', amount: 3_000 },
    ]);
    expect(ja.social_challenges.map((challenge) => challenge.id)).toEqual([challenges[0]!.id, challenges[2]!.id]);
    const en = await publicPage('en');
    expect(en.businesses.map((item) => item.name)).toEqual(['Study support', '子ども食堂']);

    // Reordered, one changed, one removed, one added: the kept ones keep their ids.
    const [first, second] = saved.businesses;
    const changed = await call<api.SavedAssociatePage>('PATCH', url, tokens.owner, {
      businesses: [
        { ...business('子ども食堂'), id: second!.id },
        { ...business('学習支援 (改)', 'Study support'), id: first!.id },
      ],
      members: [],
      prices: [{ id: saved.prices[1]!.id, frequency: 'single', amount: 5_000, description: '', description_en: '' }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.page.businesses.map((item) => [item.id, item.name])).toEqual([
      [second!.id, '子ども食堂'],
      [first!.id, '学習支援 (改)'],
    ]);
    // Compared with the same business as it was (by id), wherever it now stands.
    expect(changed.body.list_warnings).toEqual([
      { list: 'businesses', index: 1, field: 'name', missing: 'en' },
      { list: 'businesses', index: 1, field: 'purpose', missing: 'en' },
    ]);
    const after = await publicPage();
    expect(after.members).toEqual([]);
    expect(after.donation_setting.prices).toMatchObject([{ id: saved.prices[1]!.id, amount: 5_000 }]);
    expect((await call('GET', `/associate/business/${second!.id}/`)).status).toBe(200);
  });

  it('membership plans are renamed and reordered; one left out is retired, kept for its supporters', async () => {
    const db = t.database.db;
    const plans = await db
      .insert(membershipPlans)
      .values([
        { associateId, name: '正会員', unitAmount: 5_000, onMonth: 4, sortOrder: 0 },
        { associateId, name: '賛助会員', nameEn: 'Supporter', unitAmount: 3_000, onMonth: 4, sortOrder: 1 },
      ])
      .returning();
    const [full, supporting] = plans;
    const saved = await call<api.SavedAssociatePage>('PATCH', url, tokens.owner, {
      membership_plans: [{ id: supporting!.id, name: '賛助会員', name_en: 'Supporting member' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.list_warnings).toEqual([{ list: 'membership_plans', index: 0, field: 'name', missing: 'ja' }]);
    expect((await publicPage('en')).membership_plans).toMatchObject([{ id: supporting!.id, name: 'Supporting member' }]);
    const [retired] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, full!.id));
    expect(retired).toMatchObject({ isActive: false, name: '正会員' });
    // A retired plan is no longer the editor's to rename.
    const refused = await call('PATCH', url, tokens.owner, { membership_plans: [{ id: full!.id, name: '復活', name_en: '' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'membership_plans.0.id': ['value'] });
  });

  it("another associate's rows, amounts outside the donation rules and malformed items are refused, and nothing changes", async () => {
    const db = t.database.db;
    const [elsewhere] = await db.select().from(associates).where(eq(associates.uid, 'kodomo-shokudo-mirai'));
    const [foreign] = await db.select().from(associateBusinesses).where(eq(associateBusinesses.associateId, elsewhere!.id)).limit(1);
    const before = await page();
    const limits = presetAmountLimits('single');
    const refusals: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ businesses: [{ ...business('乗っ取り'), id: foreign!.id }] }, { 'businesses.0.id': ['value'] }],
      [{ prices: [{ frequency: 'single', amount: limits.min - 1, description: '', description_en: '' }] }, { 'prices.0.amount': ['min'] }],
      [{ prices: [{ frequency: 'single', amount: limits.max + 1, description: '', description_en: '' }] }, { 'prices.0.amount': ['max'] }],
      [
        { prices: [{ frequency: 'annual', amount: presetAmountLimits('annual').min - 1, description: '', description_en: '' }] },
        { 'prices.0.amount': ['min'] },
      ],
      [{ prices: [{ frequency: 'weekly', amount: 1_000, description: '', description_en: '' }] }, { 'prices.0.frequency': ['value'] }],
      [{ members: [{ name: '', name_en: '', role: '', role_en: '', comment: '', comment_en: '' }] }, { 'members.0.name': ['required'] }],
      [
        { members: [{ name: 'a\u0000b', name_en: '', role: '', role_en: '', comment: '', comment_en: '' }] },
        { 'members.0.name': ['pattern.invalidCharacter'] },
      ],
      [{ businesses: [{ ...business('画像'), main_visual_path: 'uploads/x.webp' }] }, {}],
      [{ social_challenge_ids: [999_999] }, { 'social_challenge_ids.0': ['value'] }],
      [{ social_challenge_ids: [1, 1] }, { social_challenge_ids: ['unique'] }],
      [{ businesses: Array.from({ length: 21 }, (_, index) => business(`事業${index}`)) }, { businesses: ['max'] }],
    ];
    for (const [body, fields] of refusals) {
      const refused = await call('PATCH', url, tokens.owner, { ...body, catch_copy: '変わらないはず' });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fields ?? {}).toMatchObject(fields);
    }
    expect((await call('PATCH', url, tokens.viewer, { members: [] })).status).toBe(403);
    expect((await call('PATCH', url, tokens.otherMember, { members: [] })).status).toBe(404);
    expect((await call('PATCH', url, tokens.plain, { members: [] })).status).toBe(404);
    expect((await call('PATCH', url, undefined, { members: [] })).status).toBe(401);
    expect(await page()).toEqual(before);
    const [theirs] = await db.select().from(associateBusinesses).where(eq(associateBusinesses.id, foreign!.id));
    expect(theirs).toEqual(foreign);
  });
});
