// GET /events and /events/:id (https://docs.opn.ooo/events-api): what was sent to the webhook,
// so a merchant that missed a delivery can catch up, as with Omise.
import type { FastifyInstance } from 'fastify';
import type { CardDeps } from './card-store';
import { eventObject } from './card-objects';
import { notFound } from './errors';
import { listObject, parseListQuery } from './list';

export async function eventsRoutes(app: FastifyInstance, { deps }: { deps: CardDeps }) {
  app.get('/events', async (request) =>
    listObject(deps.store.events.values(), parseListQuery(request.query, deps.context.clock.now()), '/events', eventObject),
  );

  app.get<{ Params: { id: string } }>('/events/:id', async (request) => {
    const event = deps.store.events.get(request.params.id);
    if (!event) throw notFound('event', request.params.id);
    return eventObject(event);
  });
}
