// Webhook endpoints (providers.md "Reliability rules"): verify the signature on the raw body,
// store the event once per (provider, event id), answer 2xx at once and do the work in a job.
// A duplicate delivery is answered 200 and changes nothing; a bad signature is 401 and stores nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { enqueueJob } from '../jobs/enqueue-job';
import { providerEvents } from '../db/schema/index';

export interface WebhookSource {
  provider: string;
  /** Path under the app root, e.g. '/webhooks/card/'. */
  path: string;
  verify(rawBody: string, headers: FastifyRequest['headers']): boolean;
  /** The provider's event id and kind, read from the parsed body; undefined when malformed. */
  describe(body: unknown): { eventId: string; kind: string } | undefined;
  /** Job that processes a stored event: receives `{ providerEventId }`. */
  jobKind: string;
}

const received = z.object({ received: z.boolean(), duplicate: z.boolean() });

export async function webhookRoutes(app: FastifyInstance, { sources }: { sources: WebhookSource[] }) {
  // Signatures are computed over the exact bytes sent, so this scope keeps the body as a string.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  for (const source of sources) {
    app.post(
      source.path,
      {
        schema: {
          hide: false,
          description: `Signed ${source.provider} webhook: verified, stored once per event id, processed by a job.`,
          response: { 200: received },
        },
      },
      async (request) => {
        const count = (outcome: 'accepted' | 'duplicate' | 'bad_signature' | 'malformed') =>
          app.metrics.webhooksReceived.inc({ provider: source.provider, outcome });
        const rawBody = typeof request.body === 'string' ? request.body : '';
        if (!source.verify(rawBody, request.headers)) {
          count('bad_signature');
          throw new AppError('unauthorized', 'invalid webhook signature');
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(rawBody);
        } catch {
          count('malformed');
          throw new AppError('bad_request', 'webhook body is not JSON');
        }
        const event = source.describe(parsed);
        if (!event) {
          count('malformed');
          throw new AppError('bad_request', 'webhook body is not a known event');
        }

        const stored = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(providerEvents)
            .values({ provider: source.provider, eventId: event.eventId, kind: event.kind, payload: parsed as object })
            .onConflictDoNothing()
            .returning({ id: providerEvents.id });
          if (row)
            await enqueueJob(tx, {
              kind: source.jobKind,
              payload: { providerEventId: row.id },
              dedupeKey: `${source.provider}-event:${row.id}`,
            });
          return row;
        });
        request.log.info({ provider: source.provider, eventId: event.eventId, kind: event.kind, duplicate: !stored }, 'webhook received');
        count(stored ? 'accepted' : 'duplicate');
        return { received: true, duplicate: !stored };
      },
    );
  }
}
