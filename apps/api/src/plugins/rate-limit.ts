// Registered but off globally: login and payment routes opt in with `config.rateLimit`.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

export const rateLimitPlugin = fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new AppError('rate_limited', `retry after ${context.after}`),
  });
});
