import type { FastifyInstance } from 'fastify';
import { lookupPostalCode } from './lookup-postal-code';

// zipcloud answers HTTP 200 even for bad input and puts the status in the body; we do the same.
export async function postalRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { zipcode?: string; limit?: string; callback?: string } }>('/api/search', async (request, reply) => {
    const body = lookupPostalCode(request.query.zipcode, request.query.limit);
    const { callback } = request.query;
    if (callback && /^[A-Za-z_$][\w$.]*$/.test(callback)) {
      return reply.type('text/javascript; charset=utf-8').send(`${callback}(${JSON.stringify(body)})`);
    }
    return reply.header('access-control-allow-origin', '*').send(body);
  });
}
