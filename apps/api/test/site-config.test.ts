import type { api } from '@kifu/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index';
import { CAMPAIGNS } from '../src/seed/data/campaigns';
import { FAQ_SEED, GLOBAL_CONFIG_SEED } from '../src/seed/data/site-config';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const idOf = (key: string) => CAMPAIGNS.findIndex((campaign) => campaign.key === key) + 1;
const MINUTE = 60_000;

describe('GET /config/global/', () => {
  it('answers every entry as key → string parts, Japanese by default', async () => {
    const { status, body } = await t.get<api.GlobalConfig>('/config/global/');
    expect(status).toBe(200);
    expect(body).toEqual(Object.fromEntries(GLOBAL_CONFIG_SEED.map((entry) => [entry.key, entry.parts])));
    expect(body.associate_landing_url).toEqual(['https://lp.kifu.example', '/associates/']);
  });

  it('answers the English parts with lang=en, and the Japanese ones where an entry has none', async () => {
    await t.database.db.insert(schema.globalConfigEntries).values({ key: 'test.ja_only', parts: ['同じ', '値'] });
    const { body } = await t.get<api.GlobalConfig>('/config/global/?lang=en');
    expect(body.associate_landing_url).toEqual(['https://lp.kifu.example', '/en/associates/']);
    expect(body.p2p_landing_url).toEqual(['https://lp.kifu.example/en/peer-to-peer/']);
    expect(body['test.ja_only']).toEqual(['同じ', '値']);
    await t.database.db.delete(schema.globalConfigEntries).where(eq(schema.globalConfigEntries.key, 'test.ja_only'));
  });

  it('rejects an unknown language', async () => {
    const { status, body } = await t.get<api.ErrorBody>('/config/global/?lang=fr');
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.fields ?? {})).toEqual(['lang']);
  });
});

describe('campaign settings', () => {
  it('answers the settings of public campaigns by campaign id', async () => {
    const { status, body } = await t.get<api.CampaignConfigMap>('/config/campaign/');
    expect(status).toBe(200);
    expect(body[String(idOf('satoyama-rewards'))]).toEqual({ usage_stats_enabled: true, show_reward_ranking: true });
    expect(body[String(idOf('winter-meals'))]).toMatchObject({
      usage_stats_enabled: false,
      message_wall: { title: ['応援メッセージ', 'Messages of support'] },
    });
    expect(Object.keys(body)).toHaveLength(2);
  });

  it('answers one campaign whole, {} for a campaign without settings', async () => {
    expect((await t.get(`/config/campaign/${idOf('satoyama-rewards')}/`)).body).toEqual({
      usage_stats_enabled: true,
      show_reward_ranking: true,
    });
    const none = await t.get(`/config/campaign/${idOf('monthly-100')}/`);
    expect(none).toMatchObject({ status: 200, body: {} });
  });

  it('hides a draft campaign and its settings; 404 for unknown, 400 for a bad id', async () => {
    const draft = idOf('ocean-survey-draft');
    await t.database.db.insert(schema.campaignConfigs).values({ campaignId: draft, config: { secret: true } });
    expect((await t.get('/config/campaign/')).body).not.toHaveProperty(String(draft));
    expect((await t.get<api.ErrorBody>(`/config/campaign/${draft}/`)).status).toBe(404);
    const unknown = await t.get<api.ErrorBody>('/config/campaign/999999/');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect((await t.get<api.ErrorBody>('/config/campaign/abc/')).body.code).toBe('validation_failed');
    expect((await t.get('/config/campaign/0/')).status).toBe(400);
  });
});

describe('GET /config/faq/', () => {
  const published = FAQ_SEED.filter((entry) => entry.isPublished !== false);

  it('lists published entries in display order, never a draft', async () => {
    const { status, body } = await t.get<api.FaqList>('/config/faq/');
    expect(status).toBe(200);
    expect(body.count).toBe(published.length);
    expect(body.results.map((entry) => entry.question)).toEqual(published.map((entry) => entry.question[0]));
    expect(body.results[0]!.answer).toBe(published[0]!.answer[0]);
  });

  it('localises with lang=en', async () => {
    const { body } = await t.get<api.FaqList>('/config/faq/?lang=en');
    expect(body.results.map((entry) => entry.question)).toEqual(published.map((entry) => entry.question[1]));
  });
});

describe('GET /config/popup-banners/', () => {
  it('answers only the banner that is switched on and inside its window', async () => {
    const { status, body } = await t.get<api.PopupBannerList>('/config/popup-banners/');
    expect(status).toBe(200);
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({
      title: '年末の寄付で、来年の活動を支えよう',
      link_url: '/campaign',
      ends_at: expect.any(String),
    });
    expect(body.results[0]!.image_url).toMatch(/^\/backend\/media\/demo\/visual\/banner-year-end\.svg$/);
    expect(Date.parse(body.results[0]!.starts_at)).toBeLessThanOrEqual(Date.now());
    const en = await t.get<api.PopupBannerList>('/config/popup-banners/?lang=en');
    expect(en.body.results[0]!.title).toBe("Give before the year ends and back next year's work");
  });

  it('follows the window: a banner shows from its start until its end, not at its end', async () => {
    const now = Date.now();
    const base = { imagePath: 'demo/visual/banner-test.svg', linkUrl: '/portfolio', sortOrder: 10 };
    const inserted = await t.database.db
      .insert(schema.popupBanners)
      .values([
        { ...base, title: 'open-ended', startsAt: new Date(now - MINUTE), endsAt: null },
        { ...base, title: 'just-ended', startsAt: new Date(now - 60 * MINUTE), endsAt: new Date(now - 1000) },
        { ...base, title: 'starting-soon', startsAt: new Date(now + MINUTE), endsAt: new Date(now + 60 * MINUTE) },
        { ...base, title: 'switched-off', startsAt: new Date(now - MINUTE), endsAt: null, isActive: false },
      ])
      .returning();
    const { body } = await t.get<api.PopupBannerList>('/config/popup-banners/');
    expect(body.results.map((banner) => banner.title)).toEqual(['年末の寄付で、来年の活動を支えよう', 'open-ended']);
    expect(body.results[1]!.ends_at).toBeNull();
    for (const banner of inserted) await t.database.db.delete(schema.popupBanners).where(eq(schema.popupBanners.id, banner.id));
  });

  it('refuses a banner whose end is not after its start, or whose link leaves for another host', async () => {
    const base = { title: 'bad', imagePath: 'demo/visual/x.svg', startsAt: new Date() };
    await expect(t.database.db.insert(schema.popupBanners).values({ ...base, linkUrl: '/', endsAt: base.startsAt })).rejects.toThrow();
    await expect(t.database.db.insert(schema.popupBanners).values({ ...base, linkUrl: '//evil.example/' })).rejects.toThrow();
    await expect(t.database.db.insert(schema.popupBanners).values({ ...base, linkUrl: 'javascript:alert(1)' })).rejects.toThrow();
  });
});

describe('GET /campaign/{id}/usage-stats/', () => {
  it('says disabled for a campaign whose settings do not enable it (spec §9), or that has none', async () => {
    for (const key of ['winter-meals', 'monthly-100']) {
      const { status, body } = await t.get<api.CampaignUsageStats>(`/campaign/${idOf(key)}/usage-stats/`);
      expect(status).toBe(200);
      expect(body).toEqual({ campaign_id: idOf(key), enabled: false });
    }
  });

  it('when enabled, fills the planned uses in order with the raised amount and counts paid gifts per reward', async () => {
    const id = idOf('satoyama-rewards');
    const seed = CAMPAIGNS.find((campaign) => campaign.key === 'satoyama-rewards')!;
    const [{ body: stats }, { body: campaign }] = await Promise.all([
      t.get<Extract<api.CampaignUsageStats, { enabled: true }>>(`/campaign/${id}/usage-stats/`),
      t.get<api.CampaignDetail>(`/campaign/${id}/`),
    ]);
    expect(stats.enabled).toBe(true);
    expect(stats.raised_amount).toBe(campaign.raised_amount);
    const [paidRow] = await t.database.db
      .select({ paid: sql`count(*)`.mapWith(Number) })
      .from(schema.donations)
      .where(and(eq(schema.donations.campaignId, id), eq(schema.donations.status, 'paid')));
    expect(stats.donation_count).toBe(paidRow!.paid);

    expect(stats.usages.map((usage) => usage.title)).toEqual(seed.usages!.map((usage) => usage.title[0]));
    let left = stats.raised_amount;
    for (const usage of stats.usages) {
      expect(usage.funded_amount).toBe(Math.min(usage.amount, left));
      left -= usage.funded_amount;
    }
    expect(stats.rewards.map((reward) => reward.donation_count)).toEqual(seed.rewards!.map((reward) => reward.appliedCount));
    for (const reward of stats.rewards) expect(reward.raised_amount).toBe(reward.amount * reward.donation_count);
  });

  it('turns on when the campaign settings turn it on', async () => {
    const id = idOf('winter-meals');
    await t.database.db
      .update(schema.campaignConfigs)
      .set({ config: { usage_stats_enabled: true } })
      .where(eq(schema.campaignConfigs.campaignId, id));
    const { body } = await t.get<api.CampaignUsageStats>(`/campaign/${id}/usage-stats/?lang=en`);
    expect(body).toMatchObject({ campaign_id: id, enabled: true, rewards: [] });
    if (!body.enabled) throw new Error('expected enabled stats');
    expect(body.usages[0]!.title).toBe(CAMPAIGNS.find((campaign) => campaign.key === 'winter-meals')!.usages![0]!.title[1]);
    await t.database.db
      .update(schema.campaignConfigs)
      .set({ config: { usage_stats_enabled: false } })
      .where(eq(schema.campaignConfigs.campaignId, id));
  });

  it('answers 404 for a draft or unknown campaign and 400 for a bad id', async () => {
    expect((await t.get(`/campaign/${idOf('ocean-survey-draft')}/usage-stats/`)).status).toBe(404);
    expect((await t.get('/campaign/999999/usage-stats/')).status).toBe(404);
    expect((await t.get<api.ErrorBody>('/campaign/x/usage-stats/')).body.code).toBe('validation_failed');
  });
});
