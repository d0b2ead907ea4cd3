import { NON_DEDUCTIBLE_ASSOCIATE_IDS, type api } from '@kifu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATES } from '../src/seed/data/associates';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const published = ASSOCIATES.filter((associate) => associate.isPublished !== false);

describe('GET /associate/', () => {
  it('lists every published demo associate, in id order', async () => {
    const { status, body } = await t.get<api.AssociateList>('/associate/?page_size=100');
    expect(status).toBe(200);
    expect(body.count).toBe(published.length);
    expect(body.count).toBeGreaterThanOrEqual(20);
    expect(body.results.map((associate) => associate.id)).toEqual(published.map((associate) => associate.id));
    expect(body.results.some((associate) => associate.uid === 'midori-town-fund')).toBe(false);
  });

  it('paginates with page and page_size', async () => {
    const first = await t.get<api.AssociateList>('/associate/?page_size=5');
    const second = await t.get<api.AssociateList>('/associate/?page_size=5&page=2');
    expect(first.body).toMatchObject({ count: published.length, page: 1, page_size: 5 });
    expect(first.body.results).toHaveLength(5);
    expect(second.body.page).toBe(2);
    expect(second.body.results[0]!.id).toBe(published[5]!.id);
  });

  it('narrows by social challenge slug, organisation type and text', async () => {
    const animals = await t.get<api.AssociateList>('/associate/?social_challenge=animals');
    expect(animals.body.results.map((associate) => associate.uid).sort()).toEqual(['neko-no-te', 'wan-nyan-home']);
    expect(animals.body.results.every((associate) => associate.social_challenges.some((challenge) => challenge.slug === 'animals'))).toBe(true);

    const certified = await t.get<api.AssociateList>('/associate/?organisation_type=2');
    expect(certified.body.count).toBe(published.filter((associate) => associate.organisationType === 2).length);
    expect(certified.body.results.every((associate) => associate.organisation_type === 2)).toBe(true);

    const byText = await t.get<api.AssociateList>(`/associate/?q=${encodeURIComponent('わんにゃん')}`);
    expect(byText.body.results.map((associate) => associate.uid)).toEqual(['wan-nyan-home']);
    const byEnglish = await t.get<api.AssociateList>('/associate/?q=forest');
    expect(byEnglish.body.results.map((associate) => associate.uid)).toContain('satoyama-forest-fund');
    const literalPercent = await t.get<api.AssociateList>('/associate/?q=%25');
    expect(literalPercent.body.count).toBe(0);
  });

  it('returns English text with lang=en and Japanese by default', async () => {
    const ja = await t.get<api.AssociateList>('/associate/?page_size=1');
    const en = await t.get<api.AssociateList>('/associate/?page_size=1&lang=en');
    expect(ja.body.results[0]).toMatchObject({ name: ASSOCIATES[0]!.name[0], organisation_type_label: '認定NPO法人' });
    expect(en.body.results[0]).toMatchObject({ name: ASSOCIATES[0]!.name[1], organisation_type_label: 'Certified NPO', prefecture: 'Tokyo' });
    expect(en.body.results[0]!.social_challenges[0]!.name).toBe('Children & families');
  });

  it('serves image URLs under MEDIA_BASE_URL', async () => {
    const { body } = await t.get<api.AssociateList>('/associate/?page_size=1');
    expect(body.results[0]!.logo_url).toMatch(/^\/backend\/media\/demo\/logo\/kodomo-shokudo-mirai\.svg/);
  });

  it('reports supporters aggregated from paid donations', async () => {
    const { body } = await t.get<api.AssociateList>('/associate/?page_size=100');
    expect(body.results.find((associate) => associate.id === 1)!.supporter_count).toBeGreaterThan(0);
  });

  it('rejects an unknown organisation type with validation_failed and a rule key per field', async () => {
    const { status, body } = await t.get<api.ErrorBody>('/associate/?organisation_type=abc&page=0');
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(body.detail).toEqual(expect.any(String));
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(['organisation_type', 'page']);
  });
});

describe('GET /associate/{uid}/', () => {
  it('returns the associate with vision, businesses, members and donation setting', async () => {
    const { status, body } = await t.get<api.AssociateDetail>('/associate/kodomo-shokudo-mirai/');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 1, uid: 'kodomo-shokudo-mirai', kana_required: false, is_deductible: true });
    expect(body.vision.core).toBe(ASSOCIATES[0]!.vision[0]);
    expect(body.businesses.length).toBeGreaterThanOrEqual(1);
    expect(body.members.length).toBeGreaterThanOrEqual(2);
    expect(body.donation_setting.prices.map((price) => price.frequency)).toEqual(expect.arrayContaining(['single', 'monthly']));
    expect(body.membership_plans.length).toBeGreaterThan(0);
    expect(body.membership_plans[0]).toMatchObject({ unit: 1, unit_amount: expect.any(Number), on_month: expect.any(Number) });
    expect(body.survey_questions[0]!.choices.length).toBeGreaterThan(0);
    expect(body.campaign_ids.length).toBeGreaterThan(0);
    expect(body.portfolio_ids).toEqual([1]);
  });

  it('gives every published associate a vision and one to three businesses', async () => {
    for (const associate of published) {
      const { body } = await t.get<api.AssociateDetail>(`/associate/${associate.uid}/`);
      expect(body.vision.core, associate.uid).not.toBe('');
      expect(body.businesses.length, associate.uid).toBeGreaterThanOrEqual(1);
      expect(body.businesses.length, associate.uid).toBeLessThanOrEqual(3);
    }
  });

  it('marks associate 29 as requiring kana names', async () => {
    const { body } = await t.get<api.AssociateDetail>('/associate/aozora-kids/');
    expect(body).toMatchObject({ id: 29, kana_required: true });
  });

  it('reports non-deductible associates as is_deductible false', async () => {
    const { body } = await t.get<api.AssociateList>('/associate/?page_size=100');
    const listed = body.results.filter((associate) => NON_DEDUCTIBLE_ASSOCIATE_IDS.includes(associate.id));
    expect(listed.map((associate) => associate.id).sort()).toEqual([2183, 2565, 3238]);
    expect(listed.every((associate) => !associate.is_deductible)).toBe(true);
  });

  it('localises the detail with lang=en', async () => {
    const { body } = await t.get<api.AssociateDetail>('/associate/aozora-kids/?lang=en');
    expect(body.name).toBe('Aozora Kids');
    expect(body.businesses[0]!.name).toBe('Adventure playground');
    expect(body.donation_setting.core).toBe('Please support the work of Aozora Kids.');
  });

  it('answers 404 not_found for a missing or unpublished associate', async () => {
    for (const uid of ['no-such-associate', 'midori-town-fund']) {
      const { status, body } = await t.get<api.ErrorBody>(`/associate/${uid}/`);
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'not_found', detail: expect.any(String) });
    }
  });
});

describe('GET /associate/count_by_social_challenges/', () => {
  it('counts published associates per challenge, listing every challenge', async () => {
    const { status, body } = await t.get<api.AssociateCountBySocialChallenges>('/associate/count_by_social_challenges/?lang=en');
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThanOrEqual(8);
    const animals = body.results.find((challenge) => challenge.slug === 'animals');
    expect(animals).toMatchObject({ name: 'Animal welfare', count: 2 });
    const expected = published.filter((associate) => associate.challenges.includes('environment')).length;
    expect(body.results.find((challenge) => challenge.slug === 'environment')!.count).toBe(expected);
  });
});
