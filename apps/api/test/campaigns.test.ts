import { CAMPAIGN_TYPE_IDS, type api } from '@kifu/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associates, campaignReports, campaigns, donationMessages, donations, donors } from '../src/db/schema/index';
import { CAMPAIGNS } from '../src/seed/data/campaigns';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const released = CAMPAIGNS.filter((campaign) => campaign.status !== 'draft');
const idOf = (key: string) => CAMPAIGNS.findIndex((campaign) => campaign.key === key) + 1;
const seedOf = (key: string) => CAMPAIGNS.find((campaign) => campaign.key === key)!;
const DAY_MS = 86_400_000;

/** Runs `check` while the campaigns are in another state, then puts them back. */
async function whileCampaigns(keys: string[], set: Partial<typeof campaigns.$inferInsert>, check: () => Promise<void>) {
  const ids = keys.map(idOf);
  const before = await t.database.db.select().from(campaigns).where(inArray(campaigns.id, ids));
  await t.database.db.update(campaigns).set(set).where(inArray(campaigns.id, ids));
  try {
    await check();
  } finally {
    for (const row of before)
      await t.database.db
        .update(campaigns)
        .set({ status: row.status, endAt: row.endAt, associateId: row.associateId })
        .where(eq(campaigns.id, row.id));
  }
}

async function expectNotFound(url: string) {
  const { status, body } = await t.get<api.ErrorBody>(url);
  expect(status, url).toBe(404);
  expect(body, url).toEqual({ code: 'not_found', detail: expect.any(String) });
}

async function expectBadRequest(url: string, field?: string) {
  const { status, body } = await t.get<api.ErrorBody>(url);
  expect(status, url).toBe(400);
  expect(body.code, url).toBe('validation_failed');
  if (field) expect(body.fields, url).toHaveProperty(field);
}

describe('GET /campaign/', () => {
  it('lists every released campaign and never a draft', async () => {
    const { status, body } = await t.get<api.CampaignList>('/campaign/?page_size=100');
    expect(status).toBe(200);
    expect(body.count).toBe(released.length);
    expect(body.results.every((campaign) => campaign.status !== 'draft')).toBe(true);
    expect(new Set(body.results.map((campaign) => campaign.type))).toEqual(new Set(CAMPAIGN_TYPE_IDS));
  });

  it('narrows by type, status and associate uid', async () => {
    const rewards = await t.get<api.CampaignList>('/campaign/?type=6');
    expect(rewards.body.count).toBe(released.filter((campaign) => campaign.type === 6).length);
    expect(rewards.body.results.every((campaign) => campaign.type === 6 && campaign.type_label === 'Reward-based')).toBe(true);

    const closed = await t.get<api.CampaignList>('/campaign/?status=closed');
    expect(closed.body.results.map((campaign) => campaign.id)).toEqual([idOf('clinic-car')]);

    const ofAssociate = await t.get<api.CampaignList>('/campaign/?associate=kodomo-shokudo-mirai');
    expect(ofAssociate.body.results.map((campaign) => campaign.id).sort()).toEqual(
      [idOf('winter-meals'), idOf('birthday-for-meals')].sort(),
    );
  });

  it('aggregates raised amounts and supporters from paid donations only', async () => {
    const { body } = await t.get<api.CampaignList>('/campaign/?page_size=100');
    const winter = body.results.find((campaign) => campaign.id === idOf('winter-meals'))!;
    const seed = CAMPAIGNS.find((campaign) => campaign.key === 'winter-meals')!;
    const [paid] = await t.database.db
      .select({
        total: sql<string>`coalesce(sum(${donations.amount}), 0)`,
        supporters: sql<string>`count(distinct coalesce(${donations.userId}::text, lower(${donors.email})))`,
      })
      .from(donations)
      .innerJoin(donors, eq(donors.id, donations.donorId))
      .where(and(eq(donations.campaignId, winter.id), eq(donations.status, 'paid')));
    expect(winter.raised_amount).toBe(Number(paid!.total));
    expect(winter.supporter_count).toBe(Number(paid!.supporters));
    // The demo campaign is past its goal, on its way to the stretch goal.
    expect(winter.raised_amount).toBeGreaterThanOrEqual(Math.round(seed.goalAmount * seed.crowdProgress!));
  });

  it('paginates and localises', async () => {
    const { body } = await t.get<api.CampaignList>('/campaign/?page_size=2&page=2&lang=en');
    expect(body).toMatchObject({ count: released.length, page: 2, page_size: 2 });
    expect(body.results).toHaveLength(2);
    expect(body.results[0]!.title).toMatch(/^[\x20-\x7e’'"]+$/);
  });

  it('rejects an unknown type or status and a bad page', async () => {
    for (const query of ['type=7', 'type=abc', 'status=draft', 'status=open', 'page=0', 'page_size=101', 'lang=fr']) {
      await expectBadRequest(`/campaign/?${query}`);
    }
  });

  it('combines the filters', async () => {
    const closedFree = await t.get<api.CampaignList>('/campaign/?type=2&status=closed');
    expect(closedFree.body.results.map((campaign) => campaign.id)).toEqual([idOf('clinic-car')]);
    const openRewards = await t.get<api.CampaignList>('/campaign/?type=6&status=published&page_size=100');
    expect(openRewards.body.results.map((campaign) => campaign.id).sort()).toEqual(
      released
        .filter((campaign) => campaign.type === 6 && campaign.status === 'published')
        .map((campaign) => idOf(campaign.key))
        .sort(),
    );
    const ofUnknown = await t.get<api.CampaignList>('/campaign/?associate=no-such-associate');
    expect(ofUnknown.body).toMatchObject({ count: 0, results: [] });
  });

  it('gives the days left, rounded up, and none without an end date', async () => {
    const { body } = await t.get<api.CampaignList>('/campaign/?page_size=100');
    const winter = body.results.find((campaign) => campaign.id === idOf('winter-meals'))!;
    const seed = seedOf('winter-meals');
    // Seeded today with its end `durationDays - startDaysAgo` days ahead.
    expect(winter.days_left).toBe(seed.durationDays! - seed.startDaysAgo);
    expect(new Date(winter.end_at!).getTime() - Date.now()).toBeLessThanOrEqual(winter.days_left! * DAY_MS);
    expect(body.results.find((campaign) => campaign.id === idOf('monthly-100'))!.days_left).toBeNull();
  });

  it('counts a published campaign past its end as closed, in the filter and in its status', async () => {
    const flood = idOf('flood-relief');
    await whileCampaigns(['flood-relief'], { endAt: new Date(Date.now() - 1000) }, async () => {
      const closed = await t.get<api.CampaignList>('/campaign/?status=closed&page_size=100');
      expect(closed.body.results.map((campaign) => campaign.id).sort()).toEqual([idOf('clinic-car'), flood].sort());
      expect(closed.body.results.find((campaign) => campaign.id === flood)).toMatchObject({ status: 'closed', days_left: null });
      const open = await t.get<api.CampaignList>('/campaign/?status=published&page_size=100');
      expect(open.body.results.map((campaign) => campaign.id)).not.toContain(flood);
      expect(open.body.count).toBe(released.length - 2);
      const detail = await t.get<api.CampaignDetail>(`/campaign/${flood}/`);
      expect(detail.body).toMatchObject({ status: 'closed', days_left: null });
    });
  });

  it('hides the campaigns of an unpublished associate', async () => {
    const { body } = await t.get<api.CampaignList>('/campaign/?associate=kodomo-shokudo-mirai');
    expect(body.count).toBe(2);
    await t.database.db.update(associates).set({ isPublished: false }).where(eq(associates.uid, 'kodomo-shokudo-mirai'));
    try {
      expect((await t.get<api.CampaignList>('/campaign/?associate=kodomo-shokudo-mirai')).body.count).toBe(0);
      await expectNotFound(`/campaign/${idOf('winter-meals')}/`);
    } finally {
      await t.database.db.update(associates).set({ isPublished: true }).where(eq(associates.uid, 'kodomo-shokudo-mirai'));
    }
  });
});

describe('GET /campaign/{id}/', () => {
  it('returns rewards with stock, the sold-out one flagged', async () => {
    const { status, body } = await t.get<api.CampaignDetail>(`/campaign/${idOf('satoyama-rewards')}/`);
    expect(status).toBe(200);
    const soldOut = body.rewards.filter((reward) => reward.sold_out);
    expect(soldOut).toHaveLength(1);
    expect(soldOut[0]!.stock).toBe(soldOut[0]!.applied_count);
    expect(body.rewards.find((reward) => reward.stock === null)!.sold_out).toBe(false);
    expect(body.usages.length).toBeGreaterThan(0);
  });

  it('returns the stretch goal, reports and messages with hidden names withheld', async () => {
    const { body } = await t.get<api.CampaignDetail>(`/campaign/${idOf('winter-meals')}/`);
    expect(body.stretch_goal).toMatchObject({ target_amount: 4_500_000 });
    expect(body.reports.length).toBeGreaterThan(0);
    const seeded = seedOf('winter-meals').gifts.filter((gift) => gift.message);
    expect(body.message_count).toBe(seeded.length);
    // Every hidden message is there, without a name; no hidden message text carries a name.
    const hidden = seeded.filter((gift) => gift.hideName).map((gift) => gift.message);
    expect(
      body.messages
        .filter((message) => message.name === null)
        .map((message) => message.message)
        .sort(),
    ).toEqual(hidden.sort());
    expect(body.messages.some((message) => message.name === 'はなこ')).toBe(true);
  });

  it('pages through the messages, newest first', async () => {
    const id = idOf('winter-meals');
    const all = (await t.get<api.CampaignDetail>(`/campaign/${id}/?message_page_size=100`)).body.messages;
    const second = (await t.get<api.CampaignDetail>(`/campaign/${id}/?message_page_size=2&message_page=2`)).body;
    expect(second.messages.map((message) => message.id)).toEqual(all.slice(2, 4).map((message) => message.id));
    expect(second.message_count).toBe(all.length);
    const times = all.map((message) => message.created_at);
    expect(times).toEqual([...times].sort().reverse());
    await expectBadRequest(`/campaign/${id}/?message_page=0`, 'message_page');
    await expectBadRequest(`/campaign/${id}/?message_page_size=101`, 'message_page_size');
  });

  it('never names the supporter of an anonymous gift, whatever the message says', async () => {
    const id = idOf('winter-meals');
    const named = (await t.get<api.CampaignDetail>(`/campaign/${id}/`)).body.messages.find((message) => message.name === 'はなこ')!;
    const [row] = await t.database.db.select().from(donationMessages).where(eq(donationMessages.id, named.id));
    expect(row!.isNamePublic).toBe(true);
    await t.database.db.update(donations).set({ isAnonymous: true }).where(eq(donations.id, row!.donationId!));
    try {
      const after = (await t.get<api.CampaignDetail>(`/campaign/${id}/`)).body.messages.find((message) => message.id === named.id)!;
      expect(after).toMatchObject({ message: named.message, name: null });
    } finally {
      await t.database.db.update(donations).set({ isAnonymous: false }).where(eq(donations.id, row!.donationId!));
    }
  });

  it('returns the custom author, localised', async () => {
    const { body } = await t.get<api.CampaignDetail>(`/campaign/${idOf('birthday-water')}/?lang=en`);
    expect(body.custom_author).toMatchObject({ name: 'Misaki Suzuki' });
    expect(body.associate.name).toBe('World Water Project');
  });

  it('shows a closed campaign', async () => {
    const { status, body } = await t.get<api.CampaignDetail>(`/campaign/${idOf('clinic-car')}/`);
    expect(status).toBe(200);
    expect(body.status).toBe('closed');
  });

  it('answers 404 not_found for a draft or a missing campaign', async () => {
    for (const id of [idOf('ocean-survey-draft'), 9999]) {
      const { status, body } = await t.get<api.ErrorBody>(`/campaign/${id}/`);
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'not_found', detail: expect.any(String) });
    }
  });

  it('rejects a non-numeric or oversized id', async () => {
    const { status, body } = await t.get<api.ErrorBody>('/campaign/abc/');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', fields: { id: expect.any(Array) } });
    await expectBadRequest('/campaign/99999999999/', 'id');
  });
});

describe('GET /campaign/{id}/reports/', () => {
  it('lists the published reports, newest first, paginated and localised', async () => {
    const flood = idOf('flood-relief');
    const { status, body } = await t.get<api.CampaignReportList>(`/campaign/${flood}/reports/?lang=en`);
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.results.map((report) => report.title)).toEqual(['Mud-clearing volunteers now welcome', 'Situation on the ground']);
    const second = await t.get<api.CampaignReportList>(`/campaign/${flood}/reports/?page_size=1&page=2`);
    expect(second.body).toMatchObject({ count: 2, page: 2, page_size: 1 });
    expect(second.body.results.map((report) => report.title)).toEqual(['現地の状況について']);
  });

  it('leaves a draft report out, on a closed campaign too', async () => {
    const { body } = await t.get<api.CampaignReportList>(`/campaign/${idOf('clinic-car')}/reports/`);
    expect(body.results.map((report) => report.title)).toEqual(['新しい車が届きました']);
    const detail = await t.get<api.CampaignDetail>(`/campaign/${idOf('clinic-car')}/`);
    expect(detail.body.reports.map((report) => report.id)).toEqual(body.results.map((report) => report.id));
  });

  it('answers an empty list for a campaign without reports, 404 for an unknown or draft one, 400 for a bad query', async () => {
    expect((await t.get<api.CampaignReportList>(`/campaign/${idOf('craft-workshop')}/reports/`)).body).toMatchObject({
      count: 0,
      results: [],
    });
    await expectNotFound('/campaign/9999/reports/');
    await expectNotFound(`/campaign/${idOf('ocean-survey-draft')}/reports/`);
    await expectBadRequest(`/campaign/${idOf('flood-relief')}/reports/?page_size=0`, 'page_size');
  });
});

describe('GET /campaign/{id}/reports/{reportId}/', () => {
  const reportsOf = async (key: string) => (await t.get<api.CampaignReportList>(`/campaign/${idOf(key)}/reports/`)).body.results;

  it('returns one published report with its body, main visual and the schedule it fulfils', async () => {
    const [, first] = await reportsOf('flood-relief');
    const { status, body } = await t.get<api.CampaignReportDetail>(`/campaign/${idOf('flood-relief')}/reports/${first!.id}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: first!.id,
      campaign_id: idOf('flood-relief'),
      title: '現地の状況について',
      body: 'スタッフ3名が現地入りし、避難所の運営を支援しています。',
      main_visual_url: first!.main_visual_url,
      published_at: first!.published_at,
    });
    expect(body.schedules).toEqual([{ id: expect.any(Number), title: '初動報告', due_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
    const english = await t.get<api.CampaignReportDetail>(`/campaign/${idOf('flood-relief')}/reports/${first!.id}/?lang=en`);
    expect(english.body).toMatchObject({ title: 'Situation on the ground', schedules: [{ title: 'First response report' }] });
  });

  it('answers 404 for a draft report, a report of another campaign, an unknown report, and a draft campaign', async () => {
    const [draft] = await t.database.db.select({ id: campaignReports.id }).from(campaignReports).where(isNull(campaignReports.publishedAt));
    expect(draft).toBeDefined();
    await expectNotFound(`/campaign/${idOf('clinic-car')}/reports/${draft!.id}/`);
    const [winterReport] = await reportsOf('winter-meals');
    expect((await t.get(`/campaign/${idOf('winter-meals')}/reports/${winterReport!.id}/`)).status).toBe(200);
    await expectNotFound(`/campaign/${idOf('flood-relief')}/reports/${winterReport!.id}/`);
    await expectNotFound(`/campaign/${idOf('winter-meals')}/reports/999999/`);
    await whileCampaigns(['winter-meals'], { status: 'draft' }, () =>
      expectNotFound(`/campaign/${idOf('winter-meals')}/reports/${winterReport!.id}/`),
    );
    await expectBadRequest(`/campaign/${idOf('winter-meals')}/reports/first/`, 'reportId');
  });
});

describe('GET /campaign/{campaignId}/rewards/ and /rewards/{rewardId}/', () => {
  it('lists the rewards in order with stock, applied count, shipping month and sold out', async () => {
    const seed = seedOf('satoyama-rewards');
    const { status, body } = await t.get<api.CampaignRewardList>(`/campaign/${idOf('satoyama-rewards')}/rewards/?lang=en`);
    expect(status).toBe(200);
    expect(body.count).toBe(seed.rewards!.length);
    expect(
      body.results.map(({ title, amount, stock, applied_count, shipping_month, sold_out }) => ({
        title,
        amount,
        stock,
        applied_count,
        shipping_month,
        sold_out,
      })),
    ).toEqual(
      seed.rewards!.map((reward) => ({
        title: reward.title[1],
        amount: reward.amount,
        stock: reward.stock,
        applied_count: reward.appliedCount,
        shipping_month: reward.shippingMonth,
        sold_out: reward.stock !== null && reward.appliedCount >= reward.stock,
      })),
    );
    expect(body.results.filter((reward) => reward.sold_out).map((reward) => reward.title)).toEqual(['Invitation to a tree-planting day']);
  });

  it('returns one reward, and 404 for a reward of another campaign', async () => {
    const rewards = (await t.get<api.CampaignRewardList>(`/campaign/${idOf('satoyama-rewards')}/rewards/`)).body.results;
    const soldOut = rewards.find((reward) => reward.sold_out)!;
    const { status, body } = await t.get<api.CampaignReward>(`/campaign/${idOf('satoyama-rewards')}/rewards/${soldOut.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual(soldOut);
    await expectNotFound(`/campaign/${idOf('shelter-renovation')}/rewards/${soldOut.id}/`);
    await expectNotFound(`/campaign/${idOf('satoyama-rewards')}/rewards/999999/`);
  });

  it('answers an empty list without rewards, 404 for a draft or unknown campaign, 400 for a bad id', async () => {
    expect((await t.get<api.CampaignRewardList>(`/campaign/${idOf('winter-meals')}/rewards/`)).body).toMatchObject({
      count: 0,
      results: [],
    });
    const [reward] = (await t.get<api.CampaignRewardList>(`/campaign/${idOf('satoyama-rewards')}/rewards/`)).body.results;
    await whileCampaigns(['satoyama-rewards'], { status: 'draft' }, async () => {
      await expectNotFound(`/campaign/${idOf('satoyama-rewards')}/rewards/`);
      await expectNotFound(`/campaign/${idOf('satoyama-rewards')}/rewards/${reward!.id}/`);
    });
    await expectNotFound('/campaign/9999/rewards/');
    await expectBadRequest(`/campaign/${idOf('satoyama-rewards')}/rewards/x/`, 'rewardId');
  });
});

describe('GET /campaign/usage/?campaign={id}', () => {
  it("lists the campaign's usages in order, localised", async () => {
    const seed = seedOf('winter-meals');
    const { status, body } = await t.get<api.CampaignUsageList>(`/campaign/usage/?campaign=${idOf('winter-meals')}&lang=en`);
    expect(status).toBe(200);
    expect(body.count).toBe(seed.usages!.length);
    expect(body.results.map(({ title, amount }) => ({ title, amount }))).toEqual(
      seed.usages!.map((usage) => ({ title: usage.title[1], amount: usage.amount })),
    );
    const page = await t.get<api.CampaignUsageList>(`/campaign/usage/?campaign=${idOf('winter-meals')}&page_size=1&page=3`);
    expect(page.body.results.map((usage) => usage.title)).toEqual([seed.usages![2]!.title[0]]);
  });

  it('needs a campaign: 400 without one or with a bad one, 404 for a draft or unknown one', async () => {
    await expectBadRequest('/campaign/usage/', 'campaign');
    await expectBadRequest('/campaign/usage/?campaign=abc', 'campaign');
    await whileCampaigns(['winter-meals'], { status: 'draft' }, () => expectNotFound(`/campaign/usage/?campaign=${idOf('winter-meals')}`));
    await expectNotFound('/campaign/usage/?campaign=9999');
  });
});

describe('GET /campaign/{id}/custom-author/ and /stretch-target/', () => {
  it('returns the custom author, localised', async () => {
    const id = idOf('birthday-water');
    const ja = await t.get<api.CampaignCustomAuthor>(`/campaign/${id}/custom-author/`);
    expect(ja.status).toBe(200);
    expect(ja.body).toMatchObject({ name: '鈴木 美咲', description: expect.stringContaining('ケニア') });
    expect(ja.body).toEqual((await t.get<api.CampaignDetail>(`/campaign/${id}/`)).body.custom_author);
    expect((await t.get<api.CampaignCustomAuthor>(`/campaign/${id}/custom-author/?lang=en`)).body.name).toBe('Misaki Suzuki');
  });

  it('returns the stretch target, localised', async () => {
    const id = idOf('winter-meals');
    const seed = seedOf('winter-meals').stretchGoal!;
    expect((await t.get<api.CampaignStretchTarget>(`/campaign/${id}/stretch-target/`)).body).toEqual({
      target_amount: seed.targetAmount,
      description: seed.description[0],
    });
    expect((await t.get<api.CampaignStretchTarget>(`/campaign/${id}/stretch-target/?lang=en`)).body.description).toBe(seed.description[1]);
  });

  it('answers 404 when the campaign has none, is a draft or is unknown', async () => {
    await expectNotFound(`/campaign/${idOf('winter-meals')}/custom-author/`);
    await expectNotFound(`/campaign/${idOf('satoyama-rewards')}/stretch-target/`);
    await whileCampaigns(['winter-meals', 'birthday-water'], { status: 'draft' }, async () => {
      await expectNotFound(`/campaign/${idOf('birthday-water')}/custom-author/`);
      await expectNotFound(`/campaign/${idOf('winter-meals')}/stretch-target/`);
    });
    await expectNotFound('/campaign/9999/custom-author/');
    await expectBadRequest('/campaign/1/stretch-target/?lang=fr', 'lang');
  });
});

describe("a supporter's fundraiser (ADR 036)", () => {
  it('names the public campaign it raises money for; a campaign of its own has none', async () => {
    const child = await t.get<api.CampaignDetail>(`/campaign/${idOf('birthday-for-meals')}/?lang=en`);
    expect(child.body.parent).toEqual({ id: idOf('winter-meals'), title: "Warm meals for children's cafeterias this winter" });
    expect((await t.get<api.CampaignDetail>(`/campaign/${idOf('winter-meals')}/?lang=ja`)).body.parent).toBeNull();
    // A parent that is no longer public is not named.
    await whileCampaigns(['winter-meals'], { status: 'draft' }, async () => {
      expect((await t.get<api.CampaignDetail>(`/campaign/${idOf('birthday-for-meals')}/?lang=ja`)).body.parent).toBeNull();
    });
  });
});
