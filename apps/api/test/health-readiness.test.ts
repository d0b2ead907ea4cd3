// Liveness and readiness (ADR 049): /health/live answers while the process does; /health/ready
// fails while the database or, with REDIS_URL, Redis does not answer, turns green again when it
// does, and fails once shutdown has begun; /health keeps answering as load balancers know it.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { describeWithPostgres, POSTGRES_SERVER, postgresReachable } from './helpers/postgres-server';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Nothing listens on port 1: a connection there is refused at once. */
const NO_REDIS = 'redis://127.0.0.1:1';

const opened: TestApp[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
});
async function testApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp(env);
  opened.push(t);
  return t;
}

const probe = async (app: FastifyInstance, url: string) => {
  const response = await app.inject({ url });
  return { status: response.statusCode, body: response.json() as unknown };
};

describe('health checks', () => {
  let t: TestApp;
  it('are live and ready while the database answers', async () => {
    t = await testApp();
    const { app } = t;
    expect(await probe(app, '/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe(app, '/health/ready')).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await probe(app, '/health')).status).toBe(200);
  });

  it('are not ready, but live, once shutdown has begun', async () => {
    const { app } = t;
    app.readiness.beginShutdown();
    expect(await probe(app, '/health/ready')).toEqual({ status: 503, body: { code: 'service_unavailable', detail: 'shutting down' } });
    // Every answer from now on closes its connection, so none keeps the closing port open.
    expect((await app.inject({ url: '/campaign/?lang=ja' })).headers.connection).toBe('close');
    expect((await probe(app, '/health')).status).toBe(503);
    expect(await probe(app, '/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('are not ready while the Redis of REDIS_URL cannot be reached, and /health (database only) stays green', async () => {
    const { app } = await testApp({ REDIS_URL: NO_REDIS });
    expect(await probe(app, '/health/ready')).toEqual({
      status: 503,
      body: { code: 'service_unavailable', detail: 'unreachable: redis' },
    });
    expect((await probe(app, '/health/live')).status).toBe(200);
    expect((await probe(app, '/health')).status).toBe(200);
  });

  it('are ready with a Redis that answers', async () => {
    const { app } = await testApp({ REDIS_URL });
    // The client connects in the background; readiness follows it.
    await expect.poll(async () => (await probe(app, '/health/ready')).status, { timeout: 20_000 }).toBe(200);
  });
});

/**
 * A TCP relay to the PostgreSQL server that can be cut and restored on the same port: the API's
 * pool sees the server go away (its connections dropped, new ones refused) and come back.
 */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((listening) => {
      server = createServer((incoming) => {
        const outgoing = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [incoming, outgoing]) {
          sockets.add(socket);
          socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
        }
        incoming.pipe(outgoing).pipe(incoming);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        listening();
      });
    });
  await open();
  return {
    url: () => Object.assign(new URL(target), { host: `127.0.0.1:${port}` }).toString(),
    cut: async () => {
      const closed = new Promise<void>((done) => server!.close(() => done()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: open,
  };
}

describeWithPostgres(await postgresReachable(), 'readiness and the PostgreSQL server going away', () => {
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('turns red while the database cannot be reached and green again when it can', { timeout: 60_000 }, async () => {
    const relay = await relayTo(new URL(POSTGRES_SERVER));
    database = openPostgres(relay.url());
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      KIFU_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      JOBS_IN_PROCESS: 'false',
      DATABASE_URL: relay.url(),
    });
    app = await buildApp({ config, database });
    await app.ready();
    expect((await probe(app, '/health/ready')).status).toBe(200);

    await relay.cut();
    expect(await probe(app, '/health/ready')).toEqual({
      status: 503,
      body: { code: 'service_unavailable', detail: 'unreachable: database' },
    });
    expect((await probe(app, '/health')).status).toBe(503);
    // Still answering: an orchestrator must not restart it for an outage of the database.
    expect((await probe(app, '/health/live')).status).toBe(200);

    await relay.restore();
    await expect.poll(async () => (await probe(app!, '/health/ready')).status, { timeout: 20_000 }).toBe(200);
  });
});
