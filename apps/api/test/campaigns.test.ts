import { CAMPAIGN_TYPE_IDS, type api } from '@kifu/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, donors } from '../src/db/schema/index';
import { CAMPAIGNS } from '../src/seed/data/campaigns';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const released = CAMPAIGNS.filter((campaign) => campaign.status !== 'draft');
const idOf = (key: string) => CAMPAIGNS.findIndex((campaign) => campaign.key === key) + 1;

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
    expect(ofAssociate.body.results.map((campaign) => campaign.id).sort()).toEqual([idOf('winter-meals'), idOf('birthday-for-meals')].sort());
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

  it('rejects an unknown type or status', async () => {
    for (const query of ['type=7', 'status=draft']) {
      const { status, body } = await t.get<api.ErrorBody>(`/campaign/?${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe('validation_failed');
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
    expect(body.messages.some((message) => message.name === null)).toBe(true);
    expect(body.messages.some((message) => message.name === 'はなこ')).toBe(true);
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

  it('rejects a non-numeric id', async () => {
    const { status, body } = await t.get<api.ErrorBody>('/campaign/abc/');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', fields: { id: expect.any(Array) } });
  });
});
