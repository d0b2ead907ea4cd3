// A campaign's parts on its dashboard (ADR 036): every call works for the campaign's owner and its
// associate's members, and finds nothing (404) for another user or another associate's member,
// 401 without a session, 400 for hostile ids; rewards (a chosen reward keeps its price and its
// stock never drops below what was chosen), usages, the custom author and the stretch goal with
// their images; the reward review from request to staff decision and again after a change; and
// promotion codes, one per code whatever its case.
import { api } from '@kifu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRewards, campaigns, mailOutbox, users } from '../src/db/schema/index';
import { releaseReward, reserveReward } from '../src/donations/reward-stock';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { campaignDashboard, dayFromToday } from './helpers/campaign-dashboard';
import { demoSignIn } from './helpers/demo-sign-in';
import { pngImage } from './helpers/multipart-image';

let t: TestApp;
let member: string;
let otherMember: string;
let staff: string;
beforeAll(async () => {
  t = await buildTestApp();
  member = (await demoSignIn(t, 'hanako')).token; // a member of the draft's associate
  otherMember = (await demoSignIn(t, 'kenta')).token; // a member of another associate
  staff = (await demoSignIn(t, 'sho')).token;
});
afterAll(() => t.close());

const { call, upload, signUp, newDraft } = campaignDashboard(() => t);
const reward = {
  title: '手書きのお礼状',
  description: '子どもたちから届きます。',
  amount: 3_000,
  stock: 10,
  shipping_month: '2027-03',
  lang: 'ja',
};
const usage = { title: '食材費', description: '一か月分の食材', amount: 30_000, lang: 'ja' };
type Reward = api.EditableCampaign['rewards'][number];
type Usage = api.EditableCampaign['usages'][number];
type Author = NonNullable<api.EditableCampaign['custom_author']>;
type Discount = api.EditableCampaign['discounts'][number];
type Check = api.RewardCheck;
const view = (id: number, token: string) => call('GET', `/campaign/${id}/edit/`, token).then((response) => response.body);
const served = (url: string) => t.app.inject({ url: url.replace('/backend', '') });

/** A fresh user's draft with one of each part, its rewards waiting for review. */
async function draftWithParts() {
  const owner = await signUp();
  const id = (await newDraft(owner)).id;
  const rewardId = (await call<Reward>('POST', `/campaign/${id}/rewards/`, owner, reward)).body.id;
  const usageId = (await call<Usage>('POST', '/campaign/usage/', owner, { ...usage, campaign: id })).body.id;
  const authorId = (await call<Author>('PUT', `/campaign/${id}/custom-author/`, owner, { name: '山田 花子', lang: 'ja' })).body.id;
  const discount = { code: 'THANKS300', discount_amount: 300, valid_until: null, lang: 'ja' };
  const discountId = (await call<Discount>('POST', `/campaign/${id}/discounts/`, owner, discount)).body.id;
  const checkId = (await call<Check>('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' })).body.id;
  return { owner, ids: { id, rewardId, usageId, authorId, discountId, checkId } };
}

/** Every call of the campaign's team with what it answers, in an order each one works for them. */
type Ids = Record<string, number | string>;
const ROUTES: {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: object | ((ids: Ids) => object);
  image?: true;
  ok: number;
}[] = [
  { method: 'POST', path: '/campaign/{id}/rewards/', body: reward, ok: 201 },
  { method: 'PATCH', path: '/campaign/{id}/rewards/{rewardId}/', body: { stock: 20, lang: 'ja' }, ok: 200 },
  { method: 'POST', path: '/campaign/{id}/rewards/{rewardId}/image/', image: true, ok: 200 },
  // The reward just changed, so the waiting review no longer covers them: a new one may be asked.
  { method: 'POST', path: '/campaign/{id}/reward-review-request/', body: { lang: 'ja' }, ok: 201 },
  { method: 'GET', path: '/campaign/reward-check/?campaign={id}', ok: 200 },
  { method: 'GET', path: '/campaign/reward-check/{checkId}/', ok: 200 },
  { method: 'POST', path: '/campaign/usage/', body: (ids) => ({ ...usage, campaign: ids.id }), ok: 201 },
  { method: 'PATCH', path: '/campaign/usage/{usageId}/', body: { amount: 35_000, lang: 'ja' }, ok: 200 },
  { method: 'POST', path: '/campaign/usage/{usageId}/image/', image: true, ok: 200 },
  { method: 'PUT', path: '/campaign/{id}/custom-author/', body: { name: 'はなこ', lang: 'ja' }, ok: 200 },
  { method: 'POST', path: '/campaign/custom-author/{authorId}/image/', image: true, ok: 200 },
  { method: 'PUT', path: '/campaign/{id}/stretch-target/', body: { target_amount: 90_000_000, lang: 'ja' }, ok: 200 },
  {
    method: 'POST',
    path: '/campaign/{id}/discounts/',
    body: { code: 'MORE500', discount_amount: 500, valid_until: null, lang: 'ja' },
    ok: 201,
  },
  { method: 'DELETE', path: '/campaign/{id}/rewards/{rewardId}/', ok: 204 },
  { method: 'DELETE', path: '/campaign/usage/{usageId}/', ok: 204 },
  { method: 'DELETE', path: '/campaign/custom-author/{authorId}/', ok: 204 },
  { method: 'DELETE', path: '/campaign/{id}/stretch-target/', ok: 204 },
  { method: 'DELETE', path: '/campaign/{id}/discounts/{discountId}/', ok: 204 },
];

/** A route of ROUTES called with the ids of `draftWithParts` (or hostile ones) in its path. */
async function send(route: (typeof ROUTES)[number], ids: Ids, token: string | undefined) {
  const url = route.path.replace(/\{(\w+)\}/g, (_, key: string) => String(ids[key]));
  if (route.image) return upload(url, token, await pngImage(40, 30));
  return call<api.ErrorBody>(route.method, url, token, typeof route.body === 'function' ? route.body(ids) : route.body);
}

describe('who may call', () => {
  it.each([
    ['the owner', (owner: string) => owner],
    ['a member of the associate', () => member],
  ])('%s may call every route', async (_, who) => {
    const { owner, ids } = await draftWithParts();
    for (const route of ROUTES)
      expect([route.method, route.path, (await send(route, ids, who(owner))).status]).toEqual([route.method, route.path, route.ok]);
    expect(await view(ids.id, owner)).toMatchObject({
      rewards: [{ title: reward.title }],
      usages: [{ amount: 30_000 }],
      custom_author: null,
      stretch_goal: null,
    });
  });

  it('another user, another associate’s member and staff find nothing (404); no session is 401; nothing changes', async () => {
    const { owner, ids } = await draftWithParts();
    const before = await view(ids.id, owner);
    const stranger = await signUp();
    for (const route of ROUTES) {
      // Staff read reviews of any campaign; they run no campaign of their own.
      const reading = route.path.startsWith('/campaign/reward-check/');
      for (const [token, status] of [
        [stranger, 404],
        [otherMember, 404],
        [staff, reading ? 200 : 404],
        [undefined, 401],
      ] as const)
        expect([route.method, route.path, (await send(route, ids, token)).status]).toEqual([route.method, route.path, status]);
    }
    expect({ ...(await view(ids.id, owner)), updated_at: null }).toEqual({ ...before, updated_at: null });
  });

  it('refuses hostile ids with 400 before anything else', async () => {
    const { owner, ids } = await draftWithParts();
    for (const route of ROUTES)
      for (const key of (route.path.match(/\{(\w+)\}/g) ?? []).map((placeholder) => placeholder.slice(1, -1)))
        for (const hostile of ['2147483648', '0', 'abc']) {
          const response = await send(route, { ...ids, [key]: hostile }, owner);
          expect([route.method, route.path, key, hostile, response.status]).toEqual([route.method, route.path, key, hostile, 400]);
        }
    expect((await call('PATCH', `/campaign/${ids.id}/rewards/${api.ROW_ID_MAX}/`, owner, { stock: 1, lang: 'ja' })).status).toBe(404);
    const hostileCampaign = await call<api.ErrorBody>('POST', '/campaign/usage/', owner, { ...usage, campaign: 'abc' });
    expect(hostileCampaign.body.fields).toHaveProperty('campaign');
  });

  it('finds a part of another campaign nowhere, even for the owner of both', async () => {
    const { owner, ids } = await draftWithParts();
    const other = (await newDraft(owner)).id;
    expect((await call('PATCH', `/campaign/${other}/rewards/${ids.rewardId}/`, owner, { stock: 1, lang: 'ja' })).status).toBe(404);
    expect((await call('DELETE', `/campaign/${other}/rewards/${ids.rewardId}/`, owner)).status).toBe(404);
    expect((await upload(`/campaign/${other}/rewards/${ids.rewardId}/image/`, owner, await pngImage(10, 10))).status).toBe(404);
    expect((await call('DELETE', `/campaign/${other}/discounts/${ids.discountId}/`, owner)).status).toBe(404);
    expect((await view(ids.id, owner)).rewards.map((item) => item.stock)).toEqual([10]);
  });
});

describe('rewards', () => {
  it('keep their price once chosen, never drop their stock below the chosen, and stay', async () => {
    const { owner, ids } = await draftWithParts();
    await t.database.db.update(campaignRewards).set({ appliedCount: 4 }).where(eq(campaignRewards.id, ids.rewardId));
    const url = `/campaign/${ids.id}/rewards/${ids.rewardId}/`;
    expect((await call('PATCH', url, owner, { amount: 2_000, lang: 'ja' })).status).toBe(409);
    const low = await call<api.ErrorBody>('PATCH', url, owner, { stock: 3, lang: 'ja' });
    expect([low.status, low.body.fields]).toEqual([400, { stock: ['min'] }]);
    const kept = await call<Reward>('PATCH', url, owner, { amount: 3_000, stock: 4, title: '変更後', lang: 'ja' });
    expect(kept.body).toMatchObject({ amount: 3_000, stock: 4, title: '変更後', applied_count: 4 });
    expect((await call('PATCH', url, owner, { stock: null, lang: 'ja' })).body).toMatchObject({ stock: null });
    expect((await call('DELETE', url, owner)).status).toBe(409);
    expect((await view(ids.id, owner)).rewards).toHaveLength(1);
  });

  it('keep what a change leaves out, and refuse what is out of bounds', async () => {
    const { owner, ids } = await draftWithParts();
    const changed = await call<Reward>('PATCH', `/campaign/${ids.id}/rewards/${ids.rewardId}/`, owner, { title: '新しい名前', lang: 'ja' });
    expect(changed.body).toMatchObject({ title: '新しい名前', description: reward.description, stock: 10, shipping_month: '2027-03' });
    const bad = await call<api.ErrorBody>('POST', `/campaign/${ids.id}/rewards/`, owner, {
      ...reward,
      title: '',
      amount: 10,
      stock: -1,
      shipping_month: '2027-13',
    });
    expect([bad.status, Object.keys(bad.body.fields ?? {}).sort()]).toEqual([400, ['amount', 'shipping_month', 'stock', 'title']]);
    const usageChanged = await call<Usage>('PATCH', `/campaign/usage/${ids.usageId}/`, owner, { amount: 1, lang: 'ja' });
    expect(usageChanged.body).toMatchObject({ amount: 1, description: usage.description });
  });
});

describe('limits', () => {
  it('a campaign has at most 20 rewards and 10 usages (409 beyond)', async () => {
    const { owner, ids } = await draftWithParts();
    for (let count = 1; count < 20; count++) expect((await call('POST', `/campaign/${ids.id}/rewards/`, owner, reward)).status).toBe(201);
    expect((await call('POST', `/campaign/${ids.id}/rewards/`, owner, reward)).status).toBe(409);
    for (let count = 1; count < 10; count++)
      expect((await call('POST', '/campaign/usage/', owner, { ...usage, campaign: ids.id })).status).toBe(201);
    expect((await call('POST', '/campaign/usage/', owner, { ...usage, campaign: ids.id })).status).toBe(409);
    const nameless = await call<api.ErrorBody>('POST', '/campaign/usage/', owner, usage);
    expect([nameless.status, nameless.body.fields]).toEqual([400, { campaign: ['required'] }]);
    expect(await view(ids.id, owner)).toMatchObject({ rewards: { length: 20 }, usages: { length: 10 } });
  });

  it('a stretch goal is above the goal', async () => {
    const { owner, ids } = await draftWithParts();
    const goal = (await view(ids.id, owner)).goal_amount;
    const atGoal = await call<api.ErrorBody>('PUT', `/campaign/${ids.id}/stretch-target/`, owner, { target_amount: goal, lang: 'ja' });
    expect([atGoal.status, atGoal.body.fields]).toEqual([400, { target_amount: ['min'] }]);
    const above = { target_amount: goal + 1, description: '二か月分', lang: 'ja' };
    expect((await call('PUT', `/campaign/${ids.id}/stretch-target/`, owner, above)).body).toEqual({
      target_amount: goal + 1,
      description: '二か月分',
    });
    expect((await view(ids.id, owner)).stretch_goal).toEqual({ target_amount: goal + 1, description: '二か月分' });
  });

  it('a promotion code is taken whatever its case, and cannot end before today', async () => {
    const { owner, ids } = await draftWithParts();
    const code = { code: 'thanks300', discount_amount: 100, valid_until: null, lang: 'ja' };
    const taken = await call<api.ErrorBody>('POST', `/campaign/${ids.id}/discounts/`, owner, code);
    expect([taken.status, taken.body.fields]).toEqual([400, { code: ['unique'] }]);
    const past = await call<api.ErrorBody>('POST', `/campaign/${ids.id}/discounts/`, owner, {
      ...code,
      code: 'LATE',
      valid_until: dayFromToday(-1),
    });
    expect([past.status, past.body.fields]).toEqual([400, { valid_until: ['pastDate'] }]);
    expect((await call('POST', `/campaign/${ids.id}/discounts/`, owner, { ...code, code: 'no spaces!' })).status).toBe(400);
    const dated = await call<Discount>('POST', `/campaign/${ids.id}/discounts/`, owner, {
      ...code,
      code: 'TODAY',
      valid_until: dayFromToday(0),
    });
    expect(dated.body).toMatchObject({ code: 'TODAY', valid_until: dayFromToday(0), is_active: true });
    expect((await view(ids.id, owner)).discounts.map((item) => item.code)).toEqual(['THANKS300', 'TODAY']);
  });
});

describe('images', () => {
  it('are stored square as WebP; a replaced or removed upload is gone; a file that is no image is refused', async () => {
    const { owner, ids } = await draftWithParts();
    const url = `/campaign/${ids.id}/rewards/${ids.rewardId}/image/`;
    const first = await upload<Reward>(url, owner, await pngImage(1600, 1000));
    expect(await sharp((await served(first.body.image_url)).rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 800,
    });
    const second = await upload<Reward>(url, owner, await pngImage(300, 300));
    expect([(await served(first.body.image_url)).statusCode, (await served(second.body.image_url)).statusCode]).toEqual([404, 200]);
    const notImage = await upload(url, owner, Buffer.from('%PDF-1.4 not an image'), 'image.png');
    expect([notImage.status, notImage.body.fields]).toEqual([400, { file: ['value'] }]);
    expect((await view(ids.id, owner)).rewards[0]!.image_url).toBe(second.body.image_url);
    expect((await call('DELETE', `/campaign/${ids.id}/rewards/${ids.rewardId}/`, owner)).status).toBe(204);
    expect((await served(second.body.image_url)).statusCode).toBe(404);

    const author = await upload<Author>(`/campaign/custom-author/${ids.authorId}/image/`, owner, await pngImage(64, 64));
    expect((await view(ids.id, owner)).custom_author).toMatchObject({
      id: ids.authorId,
      name: '山田 花子',
      image_url: author.body.image_url,
    });
    expect((await call('DELETE', `/campaign/custom-author/${ids.authorId}/`, owner)).status).toBe(204);
    expect((await served(author.body.image_url)).statusCode).toBe(404);
  });
});

describe('the reward review', () => {
  const decide = (checkId: number, token: string | undefined, status: 'approved' | 'rejected', comment = '') =>
    call<Check>('PATCH', `/campaign/reward-check/${checkId}/`, token, { status, comment, lang: 'ja' });
  const state = async (id: number, token: string) => (await view(id, token)).reward_review.state;

  it('goes none → requested → approved; a change asks for a new review; a rejection may be answered', async () => {
    const owner = await signUp();
    const id = (await newDraft(owner)).id;
    expect((await call('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' })).status).toBe(409); // no rewards yet
    const added = await call<Reward>('POST', `/campaign/${id}/rewards/`, owner, reward);
    expect(await state(id, owner)).toBe('none');
    const asked = await call<Check>('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' });
    expect(asked.body).toMatchObject({ campaign_id: id, status: 'requested', reviewed_at: null });
    expect(await state(id, owner)).toBe('requested');
    expect((await call('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' })).status).toBe(409);

    const approved = await decide(asked.body.id, staff, 'approved');
    expect(approved.body).toMatchObject({ status: 'approved', reviewed_at: expect.any(String) });
    expect(await view(id, owner)).toMatchObject({ reward_review: { state: 'approved' }, release_checks: { rewardsApproved: true } });
    expect((await call('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' })).status).toBe(409);
    // Supporters choosing the reward (and a failed gift giving it back) are no change to it.
    await t.database.db.transaction(async (tx) => {
      expect(await reserveReward(tx, added.body.id)).toBe(true);
      await releaseReward(tx, added.body.id);
      expect(await reserveReward(tx, added.body.id)).toBe(true);
    });
    expect(await state(id, owner)).toBe('approved');
    // Saving a reward as it is changes nothing; changing it needs a new review.
    const rewardUrl = `/campaign/${id}/rewards/${added.body.id}/`;
    expect((await call('PATCH', rewardUrl, owner, { ...reward })).status).toBe(200);
    expect(await state(id, owner)).toBe('approved');
    await call('PATCH', rewardUrl, owner, { title: 'お礼状とシール', lang: 'ja' });
    expect(await view(id, owner)).toMatchObject({ reward_review: { state: 'none' }, release_checks: { rewardsApproved: false } });

    const again = await call<Check>('POST', `/campaign/${id}/reward-review-request/`, member, { lang: 'ja' });
    expect(again.status).toBe(201);
    await decide(again.body.id, staff, 'rejected', '発送時期を明記してください。');
    expect((await view(id, owner)).reward_review).toMatchObject({ state: 'rejected', comment: '発送時期を明記してください。' });
    expect((await decide(again.body.id, staff, 'approved')).status).toBe(409);
    const third = await call<Check>('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' });
    expect(third.status).toBe(201);
    const list = await call<{ results: Check[] }>('GET', `/campaign/reward-check/?campaign=${id}`, owner);
    expect(list.body.results.map((check) => [check.id, check.status])).toEqual([
      [third.body.id, 'requested'],
      [again.body.id, 'rejected'],
      [asked.body.id, 'approved'],
    ]);
  });

  it('is decided by staff only: 403 for anyone else signed in, 401 without a session', async () => {
    const { owner, ids } = await draftWithParts();
    for (const token of [owner, member, otherMember, await signUp()])
      expect((await decide(ids.checkId, token, 'approved')).status).toBe(403);
    expect((await decide(ids.checkId, undefined, 'approved')).status).toBe(401);
    expect(await state(ids.id, owner)).toBe('requested');
    expect((await decide(api.ROW_ID_MAX, staff, 'approved')).status).toBe(404);
    expect((await call<Check>('PATCH', `/campaign/reward-check/${ids.checkId}/`, staff, { status: 'maybe', lang: 'ja' })).status).toBe(400);
    expect((await call('GET', `/campaign/reward-check/?campaign=${api.ROW_ID_MAX}`, staff)).status).toBe(404);
  });

  it("waits on staff's list with its rewards until decided; the owner is mailed the decision in their language", async () => {
    const { owner, ids } = await draftWithParts();
    const waiting = () => call<{ results: api.WaitingRewardCheck[] }>('GET', '/staff/reward-checks/?lang=ja', staff);
    const listed = (await waiting()).body.results.find((check) => check.id === ids.checkId);
    expect(listed).toMatchObject({
      campaign: { id: ids.id, associate_name: expect.any(String) },
      rewards: [{ title: reward.title, amount: 3_000 }],
    });
    for (const token of [owner, member, otherMember]) expect((await call('GET', '/staff/reward-checks/?lang=ja', token)).status).toBe(403);
    expect((await call('GET', '/staff/reward-checks/?lang=ja', undefined)).status).toBe(401);

    // A rejection must say why; the owner reads it in their mail.
    expect((await decide(ids.checkId, staff, 'rejected', '  ')).body).toMatchObject({ fields: { comment: ['required'] } });
    expect((await decide(ids.checkId, staff, 'rejected', '発送月を教えてください。')).status).toBe(200);
    expect((await waiting()).body.results.some((check) => check.id === ids.checkId)).toBe(false);
    const [campaign] = await t.database.db
      .select({ email: users.email, userId: users.id })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.userId))
      .where(eq(campaigns.id, ids.id));
    const mails = () =>
      t.database.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.toAddress, campaign!.email),
            inArray(mailOutbox.template, ['reward-review-approved', 'reward-review-rejected']),
          ),
        );
    const [rejected] = await mails();
    expect(rejected).toMatchObject({ template: 'reward-review-rejected', locale: 'ja' });
    expect(rejected!.textBody).toContain('発送月を教えてください。');
    expect(rejected!.textBody).toContain(`/campaign/${ids.id}/dashboard/campaign/check`);

    // An owner who reads English is told in English.
    await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, campaign!.userId));
    const again = await call<Check>('POST', `/campaign/${ids.id}/reward-review-request/`, owner, { lang: 'en' });
    await decide(again.body.id, staff, 'approved');
    const approved = (await mails()).find((mail) => mail.template === 'reward-review-approved');
    expect(approved).toMatchObject({ locale: 'en' });
    expect(approved!.textBody).toContain(`/en/campaign/${ids.id}/dashboard/campaign/check`);
  });

  it('asked twice at once makes one review', async () => {
    const owner = await signUp();
    const id = (await newDraft(owner)).id;
    await call('POST', `/campaign/${id}/rewards/`, owner, reward);
    const ask = () => call('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' });
    expect((await Promise.all([ask(), ask()])).map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await call<{ results: Check[] }>('GET', `/campaign/reward-check/?campaign=${id}`, owner)).body.results).toHaveLength(1);
  });
});
