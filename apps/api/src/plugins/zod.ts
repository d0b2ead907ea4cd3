// Request validation with zod. fastify-type-provider-zod's own validator flattens the ZodError
// into Fastify's AJV-style list; we keep the ZodError itself so the error handler can report each
// field's rule key with the domain's toFieldError (spec §5 rule types).
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

export { serializerCompiler } from 'fastify-type-provider-zod';

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };
