import type { api } from '@kifu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIOS } from '../src/seed/data/portfolios';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /portfolio/', () => {
  it('lists the demo portfolios with their associates and social challenges', async () => {
    const { status, body } = await t.get<api.PortfolioList>('/portfolio/?lang=en');
    expect(status).toBe(200);
    expect(body.count).toBe(PORTFOLIOS.length);
    expect(body.results.map((portfolio) => portfolio.name)).toEqual(PORTFOLIOS.map((portfolio) => portfolio.name[1]));
    const first = body.results[0]!;
    expect(first.associate_count).toBe(PORTFOLIOS[0]!.revisions.at(-1)!.shares.length);
    expect(first.social_challenges.map((challenge) => challenge.slug)).toContain('children');
  });

  it('paginates', async () => {
    const { body } = await t.get<api.PortfolioList>('/portfolio/?page_size=1&page=3');
    expect(body).toMatchObject({ count: PORTFOLIOS.length, page: 3, page_size: 1 });
    expect(body.results).toHaveLength(1);
  });
});

describe('GET /portfolio/{id}/', () => {
  it('returns the current revision, whose shares sum to 10000 basis points', async () => {
    for (const [index, seed] of PORTFOLIOS.entries()) {
      const { status, body } = await t.get<api.PortfolioDetail>(`/portfolio/${index + 1}/`);
      expect(status).toBe(200);
      expect(body.revision).toBe(seed.revisions.length);
      expect(body.compositions.reduce((sum, composition) => sum + composition.share_bp, 0)).toBe(10_000);
      expect(body.compositions.map((composition) => composition.associate.id).sort((a, b) => a - b)).toEqual(
        seed.revisions
          .at(-1)!
          .shares.map(([id]) => id)
          .sort((a, b) => a - b),
      );
    }
  });

  it('answers 404 not_found for a missing portfolio', async () => {
    const { status, body } = await t.get<api.ErrorBody>('/portfolio/999/');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'not_found', detail: expect.any(String) });
  });
});
