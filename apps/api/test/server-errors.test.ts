// 5xx are masked and logged: the body never carries the internal message.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { AppError } from '../src/lib/app-error';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await buildTestApp();
  app = await buildApp({ config: t.config, database: t.database });
  app.get('/boom', () => {
    throw new Error('secret connection string');
  });
  app.get('/conflict', () => {
    throw new AppError('conflict', 'already exists', { email: ['unique'] });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

it('masks unexpected errors as 500 internal', async () => {
  const response = await app.inject({ url: '/boom' });
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ code: 'internal', detail: 'internal' });
  expect(response.body).not.toContain('secret');
});

it('sends AppErrors with their status, detail and fields', async () => {
  const response = await app.inject({ url: '/conflict' });
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ code: 'conflict', detail: 'already exists', fields: { email: ['unique'] } });
});
