// Request ids (architecture.md §2 "logs: pino, request ids"): an incoming x-request-id is kept
// when it looks like an id, so a trace spans web and API; otherwise a UUID is generated. Either
// way it is logged with every line of the request and returned in the response header.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@kifu/domain/request-id';
import fp from 'fastify-plugin';

const ACCEPTED_ID = /^[\w.:-]{1,128}$/;

/** Fastify constructor options; the header is read here rather than by `requestIdHeader` so it can be checked. */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId(request: IncomingMessage): string {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
  },
};

export const requestIdPlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
});
