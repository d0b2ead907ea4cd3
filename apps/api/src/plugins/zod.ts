// Request validation with zod. fastify-type-provider-zod's own validator flattens the ZodError
// into Fastify's AJV-style list; we keep the ZodError itself so the error handler can report each
// field's rule key with the domain's toFieldError (spec §5 rule types).
//
// Before any schema runs, every string of the part (params, query, body, headers; object keys
// too) must be usable text (domain usable-text.ts): a NUL character or a lone surrogate is a 400
// at its path, for every route, instead of a database or provider error later (ADR 021).
import { UNUSABLE_TEXT_RULE, unusableTextPaths } from '@kifu/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

export { serializerCompiler } from 'fastify-type-provider-zod';

/** ZodRealError, as safeParse makes it, is an Error: Fastify only routes an Error to the error handler. */
function unusableTextError(paths: (string | number)[][]): z.ZodError {
  return new z.ZodRealError(paths.map((path) => ({ code: 'custom' as const, path, message: UNUSABLE_TEXT_RULE, input: undefined })));
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const unusable = unusableTextPaths(data);
    if (unusable.length > 0) return { error: unusableTextError(unusable) };
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };
