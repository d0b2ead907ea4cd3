// The accounts capability as one plugin for app.ts: auth calls and the current user's calls.
import type { FastifyPluginAsync } from 'fastify';
import { userRoutes } from '../users/routes';
import { accountSettingsRoutes } from './account-settings-routes';
import { authRoutes } from './auth-routes';
import { passwordRecoveryRoutes } from './password-recovery-routes';
import { socialLoginRoutes } from './social-login-routes';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(passwordRecoveryRoutes);
  await app.register(accountSettingsRoutes);
  await app.register(socialLoginRoutes);
  await app.register(userRoutes);
};
