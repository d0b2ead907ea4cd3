// HTTP side of the error-tracking ingest: Sentry's envelope endpoint, and the listing beside it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../shared/context';
import { decodeBody, EnvelopeError, MAX_ENVELOPE_BYTES, parseEnvelope } from './envelope';
import type { ErrorStore } from './error-store';

export interface ErrorTrackingRouteOptions {
  context: SandboxContext;
  store: ErrorStore;
}

const listQuery = z
  .object({
    since: z.iso.datetime({ offset: true }).optional(),
    type: z.string().min(1).max(64).optional(),
    limit: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();

/** The key an SDK authenticates with: `?sentry_key=` (browser, Node), `X-Sentry-Auth` (older SDKs) or the envelope's `dsn`. */
function sentryKey(request: FastifyRequest, envelopeDsn: unknown): string | undefined {
  const query = request.query as Record<string, unknown>;
  if (typeof query.sentry_key === 'string' && query.sentry_key !== '') return query.sentry_key;
  const header = request.headers['x-sentry-auth'];
  const fromHeader = typeof header === 'string' ? /sentry_key=([^,\s]+)/.exec(header)?.[1] : undefined;
  if (fromHeader) return fromHeader;
  if (typeof envelopeDsn === 'string') {
    try {
      return new URL(envelopeDsn).username || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const badRequest = (reply: FastifyReply, detail: string) => reply.code(400).send({ detail });

export async function errorTrackingRoutes(app: FastifyInstance, { context, store }: ErrorTrackingRouteOptions) {
  await app.register(async (ingest) => {
    // Browsers send the envelope as text/plain, Node as application/x-sentry-envelope: all of it raw.
    ingest.removeAllContentTypeParsers();
    ingest.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_ENVELOPE_BYTES }, (_request, body, done) => done(null, body));

    ingest.post<{ Params: { projectId: string } }>('/api/:projectId/envelope/', async (request, reply) => {
      // Browsers post cross-origin from the web app's pages (a "simple" request: no preflight).
      reply.header('access-control-allow-origin', '*');
      const { projectId } = request.params;
      if (!/^\d{1,20}$/.test(projectId)) return badRequest(reply, 'invalid project id');
      if (!Buffer.isBuffer(request.body)) return badRequest(reply, 'empty envelope');
      let envelope;
      try {
        const encoding = request.headers['content-encoding'];
        envelope = parseEnvelope(decodeBody(request.body, typeof encoding === 'string' ? encoding : undefined));
      } catch (error) {
        if (error instanceof EnvelopeError) return badRequest(reply, error.message);
        throw error;
      }
      if (!sentryKey(request, envelope.header.dsn)) return reply.code(401).send({ detail: 'missing authentication information' });
      const eventId = store.record(projectId, envelope, new Date());
      const types = envelope.items.map((item) => item.header.type).join(', ');
      context.activity.record('error-tracking', 'envelope received', `project ${projectId}: ${types || 'no items'}`);
      // Sentry answers the event's id, or an empty object for envelopes without an event.
      return eventId ? { id: eventId } : {};
    });
  });

  // Preflight of a browser that sends a non-simple content type.
  app.options('/api/:projectId/envelope/', async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type, x-sentry-auth')
      .code(204)
      .send(),
  );

  app.get('/events', async (request, reply) => {
    const parsed = listQuery.safeParse(request.query);
    if (!parsed.success) return badRequest(reply, 'expected ?since=<ISO datetime>&type=<item type>&limit=1..1000');
    const { since, type, limit } = parsed.data;
    return { items: store.list({ ...(since ? { since: new Date(since) } : {}), ...(type ? { type } : {}), ...(limit ? { limit } : {}) }) };
  });

  app.delete('/events', async (_request, reply) => {
    store.clear();
    return reply.code(204).send();
  });
}
