// The accounts capability as one plugin for app.ts: auth calls and the current user's calls.
import type { FastifyPluginAsync } from 'fastify';
import { userRoutes } from '../users/routes';
import { authRoutes } from './auth-routes';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(userRoutes);
};
