// HTTP conventions of Omise's API, applied to the card routes only (the plugin scope that calls
// these): HTTP Basic auth with a key as user name, JSON errors in Omise's shape, a JSON body
// parser that accepts the empty body the official SDK sends on POST /charges/:id/reverse, and the
// CORS headers the vault needs because browsers tokenise there directly.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxConfig } from '../config/env';
import { AUTHENTICATION_FAILURE, CardApiError, cardErrorBody, INTERNAL_ERROR } from './errors';

export type CardKeyKind = 'public' | 'secret';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which Omise key a card route takes; the secret key unless the route says otherwise. */
    cardKey?: CardKeyKind;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The key sent as the Basic user name ("skey_…:" — Omise's password is empty). */
export function basicAuthKey(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? decoded : decoded.slice(0, colon);
}

/** Public key for the vault's token routes, secret key for everything else. */
export function requireCardKey(app: FastifyInstance, config: SandboxConfig): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const expected = request.routeOptions.config.cardKey === 'public' ? config.CARD_PUBLIC_KEY : config.CARD_SECRET_KEY;
    const key = basicAuthKey(request.headers.authorization);
    if (key === null || !sameText(key, expected)) return reply.code(401).send(AUTHENTICATION_FAILURE());
  });
}

export function useOmiseErrorsAndJson(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    return defaultJson(request, body as string, done);
  });

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof CardApiError) return reply.code(error.status).send(error.body);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    // Fastify's own 4xx (bad JSON, body too large) keep their status; their messages never echo
    // the body, which may hold a card number.
    if (status >= 400 && status < 500) return reply.code(status).send(cardErrorBody('bad_request', error.message));
    request.log.error(error);
    return reply.code(500).send(INTERNAL_ERROR());
  });
}

const ALLOWED_HEADERS = 'Authorization, Content-Type, Omise-Version';

/** Browsers call the vault from the merchant's page; answers carry the header they need to read it. */
export function allowAnyOrigin(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    return payload;
  });
}

/** OPTIONS preflight of a vault route, outside auth and fault injection like a CDN answers it. */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply) {
  const requested = request.headers['access-control-request-headers'];
  return reply
    .code(204)
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'GET, POST, OPTIONS')
    .header('access-control-allow-headers', typeof requested === 'string' && requested !== '' ? requested : ALLOWED_HEADERS)
    .header('access-control-max-age', '600')
    .send();
}

/** Omise-Version from the request; without one Omise uses the account's version (2019-05-29 here). */
export function omiseVersion(request: FastifyRequest): string {
  const header = request.headers['omise-version'];
  return typeof header === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(header) ? header : '2019-05-29';
}
