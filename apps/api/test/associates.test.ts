import { NON_DEDUCTIBLE_ASSOCIATE_IDS, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associateBusinesses, associates } from '../src/db/schema/index';
import { ASSOCIATES, type AssociateSeed } from '../src/seed/data/associates';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const published = ASSOCIATES.filter((associate) => associate.isPublished !== false);

/** What a caller expects from the seed: the uids of published associates matching `keep`, in id order. */
const uidsWhere = (keep: (associate: AssociateSeed) => boolean) => published.filter(keep).map((associate) => associate.uid);
/** A word found in the name or catch copy, in either language, case-insensitively. */
const mentions = (associate: AssociateSeed, word: string) =>
  [...associate.name, ...associate.catchCopy].some((text) => text.toLowerCase().includes(word.toLowerCase()));
const uidsOf = (list: api.AssociateList) => list.results.map((associate) => associate.uid);

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
    expect(animals.body.results.every((associate) => associate.social_challenges.some((challenge) => challenge.slug === 'animals'))).toBe(
      true,
    );

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

  it('combines text, social challenge and organisation type (every filter must hold)', async () => {
    const childrenAndGeneral = await t.get<api.AssociateList>('/associate/?social_challenge=children&organisation_type=6&page_size=100');
    const expected = uidsWhere((associate) => associate.challenges.includes('children') && associate.organisationType === 6);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(uidsOf(childrenAndGeneral.body)).toEqual(expected);
    expect(childrenAndGeneral.body.count).toBe(expected.length);

    const textAndChallenge = await t.get<api.AssociateList>(
      `/associate/?q=${encodeURIComponent('子ども')}&social_challenge=education&page_size=100`,
    );
    const expectedText = uidsWhere((associate) => mentions(associate, '子ども') && associate.challenges.includes('education'));
    expect(expectedText.length).toBeGreaterThanOrEqual(2);
    expect(uidsOf(textAndChallenge.body)).toEqual(expectedText);

    const all = await t.get<api.AssociateList>(
      `/associate/?q=${encodeURIComponent('子ども')}&social_challenge=education&organisation_type=2`,
    );
    expect(uidsOf(all.body)).toEqual(
      uidsWhere(
        (associate) => mentions(associate, '子ども') && associate.challenges.includes('education') && associate.organisationType === 2,
      ),
    );
    expect(all.body.count).toBeLessThan(textAndChallenge.body.count);
  });

  it('needs every word of a multi-word search, split on half- or full-width spaces', async () => {
    for (const q of ['子ども 居場所', '子ども\u3000居場所', '  子ども   居場所 ']) {
      const { body } = await t.get<api.AssociateList>(`/associate/?q=${encodeURIComponent(q)}`);
      expect(uidsOf(body), q).toEqual(uidsWhere((associate) => mentions(associate, '子ども') && mentions(associate, '居場所')));
    }
    const oneWord = await t.get<api.AssociateList>(`/associate/?q=${encodeURIComponent('子ども')}&page_size=100`);
    const twoWords = await t.get<api.AssociateList>(`/associate/?q=${encodeURIComponent('子ども 居場所')}`);
    expect(twoWords.body.count).toBeGreaterThan(0);
    expect(twoWords.body.count).toBeLessThan(oneWord.body.count);
    const blank = await t.get<api.AssociateList>(`/associate/?q=${encodeURIComponent('\u3000 ')}`);
    expect(blank.body.count).toBe(published.length);
  });

  it('searches English names and catch copy case-insensitively, answering in the asked language', async () => {
    const { body } = await t.get<api.AssociateList>('/associate/?q=RESCUED&lang=en');
    expect(uidsOf(body)).toEqual(uidsWhere((associate) => mentions(associate, 'rescued')));
    expect(body.results[0]).toMatchObject({
      uid: 'wan-nyan-home',
      name: 'Wan-Nyan Home',
      catch_copy: 'Giving rescued dogs and cats a family again.',
    });
  });

  it('keeps the filtered count across pages of a filtered list', async () => {
    const expected = uidsWhere((associate) => associate.challenges.includes('children'));
    const first = await t.get<api.AssociateList>('/associate/?social_challenge=children&page_size=3');
    const second = await t.get<api.AssociateList>('/associate/?social_challenge=children&page_size=3&page=2');
    const beyond = await t.get<api.AssociateList>('/associate/?social_challenge=children&page_size=3&page=99');
    expect(first.body.count).toBe(expected.length);
    expect(second.body.count).toBe(expected.length);
    expect([...uidsOf(first.body), ...uidsOf(second.body)]).toEqual(expected.slice(0, 6));
    expect(beyond.body).toMatchObject({ count: expected.length, page: 99, results: [] });
  });

  it('finds nothing for an unknown social challenge slug or an unpublished associate', async () => {
    const unknown = await t.get<api.AssociateList>('/associate/?social_challenge=no-such-challenge');
    expect(unknown).toMatchObject({ status: 200, body: { count: 0, results: [] } });
    const hidden = await t.get<api.AssociateList>(`/associate/?q=${encodeURIComponent('みどり町')}`);
    expect(hidden.body.count).toBe(0);
  });

  it('rejects malformed queries with 400 validation_failed naming the field', async () => {
    for (const [query, field] of [
      [`q=${'a'.repeat(257)}`, 'q'],
      ['organisation_type=42', 'organisation_type'],
      ['page_size=101', 'page_size'],
      ['lang=fr', 'lang'],
    ] as const) {
      const { status, body } = await t.get<api.ErrorBody>(`/associate/?${query}`);
      expect(status, query).toBe(400);
      expect(body.code).toBe('validation_failed');
      expect(Object.keys(body.fields ?? {}), query).toEqual([field]);
    }
  });

  it('returns English text with lang=en and Japanese by default', async () => {
    const ja = await t.get<api.AssociateList>('/associate/?page_size=1');
    const en = await t.get<api.AssociateList>('/associate/?page_size=1&lang=en');
    expect(ja.body.results[0]).toMatchObject({ name: ASSOCIATES[0]!.name[0], organisation_type_label: '認定NPO法人' });
    expect(en.body.results[0]).toMatchObject({
      name: ASSOCIATES[0]!.name[1],
      organisation_type_label: 'Certified NPO',
      prefecture: 'Tokyo',
    });
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

  it('agrees with the list filtered by each challenge, unpublished associates left out', async () => {
    const { body } = await t.get<api.AssociateCountBySocialChallenges>('/associate/count_by_social_challenges/');
    for (const challenge of body.results) {
      const list = await t.get<api.AssociateList>(`/associate/?social_challenge=${challenge.slug}&page_size=1`);
      expect(list.body.count, challenge.slug).toBe(challenge.count);
      expect(challenge.count, challenge.slug).toBe(
        uidsWhere((associate) => (associate.challenges as readonly string[]).includes(challenge.slug)).length,
      );
    }
    expect(body.results.find((challenge) => challenge.slug === 'animals')!.name).toBe('動物保護');
  });
});

describe('GET /associate/{uid}/vision/', () => {
  const seed = ASSOCIATES.find((associate) => associate.uid === 'kodomo-shokudo-mirai')!;

  it("answers the associate's vision, the same as in its detail, with its three images", async () => {
    const { status, body } = await t.get<api.AssociateVision>('/associate/kodomo-shokudo-mirai/vision/');
    expect(status).toBe(200);
    expect(body).toMatchObject({ core: seed.vision[0], detail: seed.description[0], challenge: seed.problem[0] });
    expect(body.challenge_reason).toContain('東京都');
    expect(body.use_for_donation).toContain('こども食堂の運営支援');
    expect(body.challenge_image_url).toMatch(/^\/backend\/media\/demo\/business\/kodomo-shokudo-mirai-challenge\.svg/);
    expect(body.challenge_reason_image_url).toMatch(/kodomo-shokudo-mirai-reason\.svg/);
    expect(body.use_for_donation_image_url).toMatch(/kodomo-shokudo-mirai-use\.svg/);
    const detail = await t.get<api.AssociateDetail>('/associate/kodomo-shokudo-mirai/');
    expect(body).toEqual(detail.body.vision);
  });

  it('answers English text with lang=en', async () => {
    const { body } = await t.get<api.AssociateVision>('/associate/kodomo-shokudo-mirai/vision/?lang=en');
    expect(body).toMatchObject({ core: seed.vision[1], detail: seed.description[1], challenge: seed.problem[1] });
    expect(body.challenge_reason).toContain('Tokyo');
    expect(body.use_for_donation).toMatch(/^Your donation goes to /);
  });

  it('answers 404 for a missing or unpublished associate and 400 for a bad language', async () => {
    for (const uid of ['no-such-associate', 'midori-town-fund']) {
      const { status, body } = await t.get<api.ErrorBody>(`/associate/${uid}/vision/`);
      expect(status, uid).toBe(404);
      expect(body.code).toBe('not_found');
    }
    const { status, body } = await t.get<api.ErrorBody>('/associate/kodomo-shokudo-mirai/vision/?lang=fr');
    expect(status).toBe(400);
    expect(Object.keys(body.fields ?? {})).toEqual(['lang']);
  });
});

describe('GET /associate/business/{id}/', () => {
  async function businessIdsOf(uid: string) {
    const rows = await t.database.db
      .select({ id: associateBusinesses.id })
      .from(associateBusinesses)
      .innerJoin(associates, eq(associates.id, associateBusinesses.associateId))
      .where(eq(associates.uid, uid))
      .orderBy(associateBusinesses.sortOrder);
    return rows.map((row) => row.id);
  }

  it('answers one business with its texts, its images and its associate for breadcrumbs', async () => {
    const detail = await t.get<api.AssociateDetail>('/associate/satoyama-forest-fund/');
    const listed = detail.body.businesses[1]!;
    const { status, body } = await t.get<api.AssociateBusinessDetail>(`/associate/business/${listed.id}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...listed, associate: { id: 2, uid: 'satoyama-forest-fund', name: '公益財団法人 里山の森基金' } });
    expect(body.detail).toBe(listed.activity);
    expect(body.result).toMatch(/^昨年度は延べ[\d,]+人/);
    expect(body.cost).toMatch(/^年間の運営費は約\d+万円/);
    expect(body.activity_image_url).toMatch(/^\/backend\/media\/demo\/business\/satoyama-forest-fund-b1-activity\.svg/);
    expect(body.result_image_url).toMatch(/satoyama-forest-fund-b1-result\.svg/);
    expect(body.cost_image_url).toMatch(/satoyama-forest-fund-b1-cost\.svg/);
  });

  it('answers English text, the associate name included, with lang=en', async () => {
    const [id] = await businessIdsOf('aozora-kids');
    const { body } = await t.get<api.AssociateBusinessDetail>(`/associate/business/${id}/?lang=en`);
    expect(body).toMatchObject({ name: 'Adventure playground', associate: { uid: 'aozora-kids', name: 'Aozora Kids' } });
    expect(body.result).toMatch(/^Last year, [\d,]+ people/);
  });

  it("answers 404 for an unknown business and for an unpublished associate's business", async () => {
    const hidden = await businessIdsOf('midori-town-fund');
    expect(hidden.length).toBeGreaterThan(0);
    for (const id of [999_999, hidden[0]!]) {
      const { status, body } = await t.get<api.ErrorBody>(`/associate/business/${id}/`);
      expect(status, String(id)).toBe(404);
      expect(body).toEqual({ code: 'not_found', detail: expect.any(String) });
    }
  });

  it('answers 400 for an id that is not a positive integer in range', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const { status, body } = await t.get<api.ErrorBody>(`/associate/business/${id}/`);
      expect(status, id).toBe(400);
      expect(body.code).toBe('validation_failed');
    }
  });
});
