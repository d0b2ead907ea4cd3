// HTTP side of the bot check: the script, token minting for the browser (CORS open, as Google's is
// to any page carrying the site key), siteverify for Kifu's server, and the test controls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../shared/context';
import { injectFaults } from '../shared/faults';
import { apiScript } from './api-script';
import type { TokenStore } from './token-store';
import { failure, verifyToken, type SiteverifyParams, type SiteverifyResponse } from './verify-token';

export interface BotCheckRouteOptions {
  context: SandboxContext;
  store: TokenStore;
}

const mintRequest = z.object({
  siteKey: z.string().min(1),
  // Google: "Actions may only contain alphanumeric characters, slashes, and underscores."
  action: z.string().regex(/^[A-Za-z0-9_/]{1,100}$/),
  score: z.number().min(0).max(1).optional(),
});

const controlChanges = z
  .object({ score: z.number().min(0).max(1), fail: z.boolean() })
  .partial()
  .strict();

function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'POST, OPTIONS')
    .header('access-control-allow-headers', 'content-type');
}

/** The page's host name, which siteverify reports back; a request without Origin is a test. */
function pageHostname(request: FastifyRequest): string {
  const origin = request.headers.origin ?? request.headers.referer;
  try {
    return origin ? new URL(origin).hostname : 'localhost';
  } catch {
    return 'localhost';
  }
}

/** Google reads siteverify parameters from the query string or the form body; one value each. */
function siteverifyParams(request: FastifyRequest): SiteverifyParams | undefined {
  if (request.headers['content-type']?.includes('json')) return undefined;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = { ...(request.query as Record<string, unknown>), ...body };
  const params: SiteverifyParams = {};
  for (const name of ['secret', 'response', 'remoteip'] as const) {
    const value = merged[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') return undefined;
    params[name] = value;
  }
  return params;
}

export async function botCheckRoutes(app: FastifyInstance, { context, store }: BotCheckRouteOptions) {
  const { config } = context;

  app.get<{ Querystring: { render?: string; onload?: string } }>('/api.js', async (request, reply) => {
    const fallbackTokenUrl = `${config.SANDBOX_PUBLIC_URL}${app.prefix}/api/token`;
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*')
      .send(apiScript({ fallbackTokenUrl, onload: request.query.onload }));
  });

  app.options('/api/token', async (_request, reply) => allowAnyOrigin(reply).code(204).send());
  app.post('/api/token', async (request, reply) => {
    allowAnyOrigin(reply);
    const parsed = mintRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'bad-request', message: 'Expected {siteKey, action, score?}.' });
    if (parsed.data.siteKey !== config.BOT_CHECK_SITE_KEY) {
      // Google's own wording for a key it does not know.
      return reply
        .code(400)
        .send({ error: 'invalid-site-key', message: `Invalid site key or not loaded in api.js: ${parsed.data.siteKey}` });
    }
    const hostname = pageHostname(request);
    const token = store.mint({ ...parsed.data, hostname }, context.clock.now());
    context.activity.record(
      'botcheck',
      'token minted',
      `action ${parsed.data.action}, score ${parsed.data.score ?? store.settings.score}${store.settings.fail ? ', fail' : ''}`,
    );
    return { token };
  });

  await app.register(async (provider) => {
    injectFaults(provider, context.faults, () => ({ success: false, 'error-codes': ['internal-error'] }));
    provider.post('/api/siteverify', async (request) => {
      const params = siteverifyParams(request);
      const result: SiteverifyResponse = params
        ? verifyToken(params, config.BOT_CHECK_SECRET, store, context.clock.now())
        : failure('bad-request');
      context.activity.record(
        'botcheck',
        'siteverify',
        result.success ? `success, score ${result.score}, action ${result.action}` : result['error-codes'].join(', '),
      );
      return result;
    });
  });

  app.get('/__control', async () => store.settings);
  app.put('/__control', async (request, reply) => {
    const parsed = controlChanges.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'expected {score?: 0..1, fail?: boolean}' });
    store.settings = { ...store.settings, ...parsed.data };
    context.activity.record('botcheck', 'settings changed', `score ${store.settings.score}, fail ${store.settings.fail}`);
    return store.settings;
  });
}
