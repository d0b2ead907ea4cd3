// The vault (vault.omise.co in production): POST /tokens and GET /tokens/:id, with the public key.
import type { FastifyInstance } from 'fastify';
import type { CardDeps } from './card-store';
import { tokenObject } from './card-objects';
import { createToken } from './create-token';
import { notFound } from './errors';
import { allowAnyOrigin } from './omise-http';
import { nestFormFields } from './request-body';

export async function tokensRoutes(app: FastifyInstance, { deps }: { deps: CardDeps }) {
  allowAnyOrigin(app);

  app.post('/tokens', { config: { cardKey: 'public' } }, async (request) => tokenObject(createToken(deps, nestFormFields(request.body))));

  app.get<{ Params: { id: string } }>('/tokens/:id', { config: { cardKey: 'public' } }, async (request) => {
    const token = deps.store.tokens.get(request.params.id);
    if (!token) throw notFound('token', request.params.id);
    return tokenObject(token);
  });
}
