// Placeholder: filled in by issue 15's next step.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const campaignItemRoutes: FastifyPluginAsyncZod = async () => {};
