// OpenAPI at /docs/json and swagger-ui at /docs, generated from the routes' zod schemas
// (conventions.md #3: every route declares request and response schemas).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const swaggerPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kifu API',
        version: '0.1.0',
        description: 'REST paths of the platform spec §7. Errors are `{code, detail, fields?}`.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
