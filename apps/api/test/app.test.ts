// Cross-cutting behaviour: health, request ids, the error model, OpenAPI and demo images.
import type { api } from '@kifu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('reports ok and the database kind', async () => {
    const { status, body } = await t.get('/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('request ids', () => {
  it('returns a generated id, or the caller’s when it looks like one', async () => {
    const generated = await t.app.inject({ url: '/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'web-123' } });
    expect(given.headers['x-request-id']).toBe('web-123');
    const hostile = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'a b\nc' } });
    expect(hostile.headers['x-request-id']).not.toBe('a b\nc');
  });
});

describe('error model', () => {
  it('answers unknown routes with 404 not_found', async () => {
    const { status, body, headers } = await t.get<api.ErrorBody>('/no/such/route');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'not_found', detail: expect.any(String) });
    expect(headers['x-request-id']).toBeTruthy();
  });

  it('keeps the exact trailing-slash paths of spec §7', async () => {
    expect((await t.get('/associate')).status).toBe(404);
    expect((await t.get('/associate/')).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves swagger-ui at /docs', async () => {
    const response = await t.app.inject({ url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('documents every route at /docs/json', async () => {
    const { status, body } = await t.get<{ paths: Record<string, unknown> }>('/docs/json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/associate/',
        '/associate/{uid}/',
        '/associate/count_by_social_challenges/',
        '/campaign/',
        '/campaign/{id}/',
        '/portfolio/',
        '/portfolio/{id}/',
      ]),
    );
  });
});

describe('demo images', () => {
  it('serves a deterministic SVG of the kind’s size', async () => {
    const first = await t.app.inject({ url: '/media/demo/logo/kodomo-shokudo-mirai.svg?text=KS' });
    const again = await t.app.inject({ url: '/media/demo/logo/kodomo-shokudo-mirai.svg?text=KS' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(first.body).toContain('width="240" height="240"');
    expect(first.body).toContain('>KS</text>');
    expect(again.body).toBe(first.body);
  });

  it('rejects unknown kinds and file names', async () => {
    expect((await t.get('/media/demo/poster/x.svg')).status).toBe(400);
    expect((await t.get('/media/demo/logo/x.png')).status).toBe(400);
  });
});

describe('demo seed', () => {
  it('does nothing on a database that already has data', async () => {
    expect(await seedDemoData(t.database.db)).toBeNull();
  });
});
