// A campaign's parts on its dashboard (issue 15): rewards (a chosen reward keeps its price and its
// stock cannot drop below what was chosen), usages, the custom author and the stretch goal with
// their images; the reward review from request to staff decision, and again after a change; and
// promotion codes. Owner and associate members only: another user finds nothing, staff decide.
import { api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRewards } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { campaignDashboard } from './helpers/campaign-dashboard';
import { demoSignIn } from './helpers/demo-sign-in';
import { pngImage } from './helpers/multipart-image';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
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
type Reward = api.EditableCampaign['rewards'][number];

async function ownerWithDraft() {
  const owner = await signUp();
  const draft = await newDraft(owner);
  return { owner, id: draft.id };
}

describe('rewards', () => {
  it('are added, changed and removed by the owner and a member; another user and strangers cannot', async () => {
    const { owner, id } = await ownerWithDraft();
    const added = await call<Reward>('POST', `/campaign/${id}/rewards/`, owner, reward);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ title: '手書きのお礼状', amount: 3_000, stock: 10, applied_count: 0, shipping_month: '2027-03' });
    const { token: member } = await demoSignIn(t, 'hanako');
    const changed = await call<Reward>('PATCH', `/campaign/${id}/rewards/${added.body.id}/`, member, { stock: 20, lang: 'ja' });
    expect(changed.body.stock).toBe(20);
    const stranger = await signUp();
    expect((await call('PATCH', `/campaign/${id}/rewards/${added.body.id}/`, stranger, { stock: 1, lang: 'ja' })).status).toBe(404);
    expect((await call('POST', `/campaign/${id}/rewards/`, stranger, reward)).status).toBe(404);
    expect((await call('DELETE', `/campaign/${id}/rewards/${added.body.id}/`, stranger)).status).toBe(404);
    expect((await call('POST', `/campaign/${id}/rewards/`, undefined, reward)).status).toBe(401);
    expect((await call('GET', `/campaign/${id}/edit/`, owner)).body.rewards.map((item) => item.stock)).toEqual([20]);
    expect((await call('DELETE', `/campaign/${id}/rewards/${added.body.id}/`, owner)).status).toBe(204);
    expect((await call('GET', `/campaign/${id}/edit/`, owner)).body.rewards).toEqual([]);
  });

  it('one already chosen keeps its price, its stock never drops below the chosen, and it cannot be removed', async () => {
    const { owner, id } = await ownerWithDraft();
    const added = await call<Reward>('POST', `/campaign/${id}/rewards/`, owner, reward);
    await t.database.db.update(campaignRewards).set({ appliedCount: 4 }).where(eq(campaignRewards.id, added.body.id));
    const url = `/campaign/${id}/rewards/${added.body.id}/`;
    expect((await call('PATCH', url, owner, { amount: 2_000, lang: 'ja' })).status).toBe(409);
    const low = await call<api.ErrorBody>('PATCH', url, owner, { stock: 3, lang: 'ja' });
    expect(low.status).toBe(400);
    expect(low.body.fields).toEqual({ stock: ['min'] });
    expect((await call('PATCH', url, owner, { stock: 4, title: '変更後', lang: 'ja' })).status).toBe(200);
    expect((await call('DELETE', url, owner)).status).toBe(409);
  });

  it('are bounded: price, stock, month, count; hostile ids are refused', async () => {
    const { owner, id } = await ownerWithDraft();
    const bad = await call<api.ErrorBody>('POST', `/campaign/${id}/rewards/`, owner, {
      ...reward,
      title: '',
      amount: 10,
      stock: -1,
      shipping_month: '2027-13',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['amount', 'shipping_month', 'stock', 'title']);
    for (const rewardId of ['2147483648', '0', 'abc'])
      expect((await call('PATCH', `/campaign/${id}/rewards/${rewardId}/`, owner, { stock: 1, lang: 'ja' })).status).toBe(400);
    expect((await call('PATCH', `/campaign/${id}/rewards/${api.ROW_ID_MAX}/`, owner, { stock: 1, lang: 'ja' })).status).toBe(404);
    for (let index = 0; index < 20; index++) await call('POST', `/campaign/${id}/rewards/`, owner, reward);
    expect((await call('POST', `/campaign/${id}/rewards/`, owner, reward)).status).toBe(409);
  });

  it('take an image by upload, resized square', async () => {
    const { owner, id } = await ownerWithDraft();
    const added = await call<Reward>('POST', `/campaign/${id}/rewards/`, owner, reward);
    const uploaded = await upload<Reward>(`/campaign/${id}/rewards/${added.body.id}/image/`, owner, await pngImage(1600, 1000));
    expect(uploaded.status).toBe(200);
    const served = await t.app.inject({ url: uploaded.body.image_url.replace('/backend', '') });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 800 });
    const stranger = await signUp();
    expect((await upload(`/campaign/${id}/rewards/${added.body.id}/image/`, stranger, await pngImage(10, 10))).status).toBe(404);
  });
});

describe('the reward review', () => {
  it('goes from asked to approved by staff; a changed reward needs a new review; a rejection may be answered', async () => {
    const { owner, id } = await ownerWithDraft();
    expect((await call('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' })).status).toBe(409);
    const added = await call<Reward>('POST', `/campaign/${id}/rewards/`, owner, reward);
    const asked = await call<api.RewardCheck>('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' });
    expect(asked.status).toBe(201);
    expect(asked.body.status).toBe('requested');
    expect((await call('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' })).status).toBe(409);
    expect((await call('GET', `/campaign/${id}/edit/`, owner)).body.reward_review.state).toBe('requested');

    // Only Kifu's staff decide: the owner and an associate member may not.
    const decide = (token: string, status: 'approved' | 'rejected', comment = '') =>
      call<api.RewardCheck>('PATCH', `/campaign/reward-check/${asked.body.id}/`, token, { status, comment });
    expect((await decide(owner, 'approved')).status).toBe(403);
    expect((await decide((await demoSignIn(t, 'hanako')).token, 'approved')).status).toBe(403);
    const { token: staff } = await demoSignIn(t, 'sho');
    const rejected = await decide(staff, 'rejected', '発送時期を明記してください。');
    expect(rejected.body).toMatchObject({ status: 'rejected', comment: '発送時期を明記してください。' });
    expect((await decide(staff, 'approved')).status).toBe(409);
    const view = await call('GET', `/campaign/${id}/edit/`, owner);
    expect(view.body.reward_review).toMatchObject({ state: 'rejected', comment: '発送時期を明記してください。' });
    expect(view.body.release_checks.rewardsApproved).toBe(false);

    // Changed and asked again, then approved: the release check is met.
    await call('PATCH', `/campaign/${id}/rewards/${added.body.id}/`, owner, { description: '2027年3月に発送します。', lang: 'ja' });
    const again = await call<api.RewardCheck>('POST', `/campaign/${id}/reward-review-request/`, owner, { lang: 'ja' });
    expect(again.status).toBe(201);
    await call('PATCH', `/campaign/reward-check/${again.body.id}/`, staff, { status: 'approved', comment: '' });
    expect((await call('GET', `/campaign/${id}/edit/`, owner)).body.release_checks.rewardsApproved).toBe(true);
    // Staff and the campaign's team read the reviews; nobody else.
    expect((await call<{ results: api.RewardCheck[] }>('GET', `/campaign/reward-check/?campaign=${id}`, staff)).body.results).toHaveLength(
      2,
    );
    expect((await call('GET', `/campaign/reward-check/${again.body.id}/`, owner)).status).toBe(200);
    expect((await call('GET', `/campaign/reward-check/${again.body.id}/`, await signUp())).status).toBe(404);

    // Any change after approval asks for a new review.
    await call('POST', `/campaign/${id}/rewards/`, owner, { ...reward, title: '追加のお礼' });
    const after = await call('GET', `/campaign/${id}/edit/`, owner);
    expect(after.body.reward_review.state).toBe('none');
    expect(after.body.release_checks.rewardsApproved).toBe(false);
  });
});

describe('usages, the custom author and the stretch goal', () => {
  it('are set by the campaign team and shown on its dashboard', async () => {
    const { owner, id } = await ownerWithDraft();
    const usage = await call<api.EditableCampaign['usages'][number]>('POST', '/campaign/usage/', owner, {
      campaign: id,
      title: '食材費',
      description: '一か月分の食材',
      amount: 30_000,
      lang: 'ja',
    });
    expect(usage.status).toBe(201);
    expect((await call('POST', '/campaign/usage/', owner, { title: 'x', amount: 1, lang: 'ja' })).status).toBe(400);
    expect((await call('PATCH', `/campaign/usage/${usage.body.id}/`, owner, { amount: 35_000, lang: 'ja' })).status).toBe(200);
    expect((await call('PATCH', `/campaign/usage/${usage.body.id}/`, await signUp(), { amount: 1, lang: 'ja' })).status).toBe(404);

    const author = await call<{ id: number; name: string }>('PUT', `/campaign/${id}/custom-author/`, owner, {
      name: '山田 花子',
      description: 'ボランティア歴5年',
      lang: 'ja',
    });
    expect(author.status).toBe(200);
    const renamed = await call<{ id: number; name: string }>('PUT', `/campaign/${id}/custom-author/`, owner, {
      name: 'はなこ',
      lang: 'ja',
    });
    expect(renamed.body).toMatchObject({ id: author.body.id, name: 'はなこ' });

    const tooLow = await call<api.ErrorBody>('PUT', `/campaign/${id}/stretch-target/`, owner, { target_amount: 100_000, lang: 'ja' });
    expect(tooLow.body.fields).toEqual({ target_amount: ['min'] });
    expect(
      (await call('PUT', `/campaign/${id}/stretch-target/`, owner, { target_amount: 200_000, description: '二か月分', lang: 'ja' })).status,
    ).toBe(200);

    const view = await call('GET', `/campaign/${id}/edit/`, owner);
    expect(view.body.usages.map((item) => item.amount)).toEqual([35_000]);
    expect(view.body.custom_author?.name).toBe('はなこ');
    expect(view.body.stretch_goal).toEqual({ target_amount: 200_000, description: '二か月分' });

    expect((await call('DELETE', `/campaign/custom-author/${author.body.id}/`, owner)).status).toBe(204);
    expect((await call('DELETE', `/campaign/${id}/stretch-target/`, owner)).status).toBe(204);
    expect((await call('DELETE', `/campaign/usage/${usage.body.id}/`, owner)).status).toBe(204);
    expect((await call('GET', `/campaign/${id}/edit/`, owner)).body).toMatchObject({ usages: [], custom_author: null, stretch_goal: null });
  });
});

describe('promotion codes', () => {
  it('are added once per code and removed by the team', async () => {
    const { owner, id } = await ownerWithDraft();
    const code = { code: 'BIRTHDAY300', discount_amount: 300, valid_until: null, lang: 'ja' };
    const added = await call<api.EditableCampaign['discounts'][number]>('POST', `/campaign/${id}/discounts/`, owner, code);
    expect(added.status).toBe(201);
    const again = await call<api.ErrorBody>('POST', `/campaign/${id}/discounts/`, owner, code);
    expect(again.body.fields).toEqual({ code: ['unique'] });
    expect((await call<api.ErrorBody>('POST', `/campaign/${id}/discounts/`, owner, { ...code, code: 'no spaces!' })).status).toBe(400);
    expect((await call('GET', `/campaign/${id}/edit/`, owner)).body.discounts.map((item) => item.code)).toEqual(['BIRTHDAY300']);
    expect((await call('DELETE', `/campaign/${id}/discounts/${added.body.id}/`, await signUp())).status).toBe(404);
    expect((await call('DELETE', `/campaign/${id}/discounts/${added.body.id}/`, owner)).status).toBe(204);
  });
});
