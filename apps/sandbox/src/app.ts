// The provider sandbox: each third party Kifu talks to, emulated over real HTTP (architecture.md §1).
import Fastify, { type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import { postalRoutes } from './postal/routes';
import { indexPage } from './index-page';

export async function buildSandbox(options: FastifyServerOptions = {}) {
  const app = Fastify(options);
  await app.register(formbody);
  await app.register(postalRoutes, { prefix: '/postal' });
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(indexPage()));
  app.get('/health', async () => ({ status: 'ok' }));
  return app;
}
