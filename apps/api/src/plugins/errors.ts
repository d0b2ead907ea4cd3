// Every failure leaves as `{code, detail, fields?}` (api.errorBody): AppErrors as thrown, zod
// validation failures as 400 validation_failed with a rule key per field, unknown routes as 404
// not_found, Fastify's own 4xx by status, and anything else as a masked, logged and reported 500.
import { API_ERROR_STATUS, toFieldError, type ApiErrorCode, type api } from '@kifu/domain';
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError, type FieldErrors } from '../lib/app-error';
import { reportError } from '../lib/error-reporting';

function fieldErrorsOf(error: z.ZodError, context: string | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const { path, rule } = toFieldError(issue);
    const key = path.length > 0 ? path.join('.') : (context ?? '');
    fields[key] = [...new Set([...(fields[key] ?? []), rule])];
  }
  return fields;
}

/** Fastify's own client errors (bad JSON, wrong content type, …) keep their status. */
function codeForStatus(status: number): ApiErrorCode {
  const match = (Object.entries(API_ERROR_STATUS) as [ApiErrorCode, number][]).find(([, candidate]) => candidate === status);
  return match?.[0] ?? 'bad_request';
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) {
    const context = (error as { validationContext?: string }).validationContext;
    return new AppError('validation_failed', `invalid ${context ?? 'request'}`, fieldErrorsOf(error, context));
  }
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500 ? new AppError(codeForStatus(status), error.message) : new AppError('internal');
}

function send(reply: FastifyReply, error: AppError) {
  const body: api.ErrorBody = { code: error.code, detail: error.detail, ...(error.fields ? { fields: error.fields } : {}) };
  return reply.status(error.statusCode).send(body);
}

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    // The body is masked; the log keeps the real error for whoever investigates.
    if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'server error');
      // Only what became a 5xx is reported: a 4xx is the caller's (ADR 050).
      reportError(error, {
        requestId: request.id,
        request,
        tags: { route: request.routeOptions.url ?? 'unmatched', method: request.method },
      });
    }
    return send(reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    send(reply, new AppError('not_found', `no route for ${request.method} ${request.url.split('?')[0]}`)),
  );
});
