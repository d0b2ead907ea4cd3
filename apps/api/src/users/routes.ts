// User calls of spec §7 (paths exactly as written there): the current user, and the update of its
// private profile that the donation flow makes (§4 "Card path for a guest"), the public profile
// of /mypage/profile (ADR 031), and the removal of the saved card of /mypage/credit-card (ADR 034).
import { api, profileFields } from '@kifu/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { currentUser } from './current-user-schema';
import { getCurrentUser } from './get-current-user';
import { withSavedCardExpiry } from './saved-card-expiry';
import { privateProfileBody, privateProfilePatchBody, privateProfileResponse } from './private-profile-schema';
import { removeSavedCard } from './remove-saved-card';
import { updatePrivateProfile } from './update-private-profile';
import { updateProfile } from './update-profile';
import { avatarRoutes } from './avatar-routes';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(avatarRoutes);
  // Personal data: no shared cache may keep it.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get(
    '/user/me/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user with profiles, saved card, associate memberships and donation stats',
        querystring: api.langQuery,
        response: { 200: currentUser, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = await getCurrentUser(app.db, request.userId!, request.query.lang, app.mediaUrl);
      // A token can outlive nothing here (tokens cascade with the user), but a race with a deletion can.
      if (!user) throw new AppError('unauthorized', 'the user of this token no longer exists');
      if (!user.userCreditCard) return user;
      return { ...user, userCreditCard: await withSavedCardExpiry(app.cardPayments.gateway, user.userCreditCard, request.log) };
    },
  );

  app.delete(
    '/user/me/credit-card/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Remove the signed-in user's saved card (the provider's customer stays); 409 while active or suspended recurring support charges it",
        response: { 204: z.null().describe('Removed, or there was none'), ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      await removeSavedCard(app.db, request.userId!);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/user/private_profile/update_me/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Update the signed-in user's private profile: names required, absent fields unchanged, '' clears",
        body: privateProfileBody,
        response: { 200: privateProfileResponse, ...errorResponses(400, 401) },
      },
    },
    (request) => updatePrivateProfile(app.db, request.userId!, request.body),
  );

  app.patch(
    '/user/private_profile/update_me/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Update some fields of the signed-in user's private profile (e.g. only names and kana after a wallet payment)",
        body: privateProfilePatchBody,
        response: { 200: privateProfileResponse, ...errorResponses(400, 401) },
      },
    },
    (request) => updatePrivateProfile(app.db, request.userId!, request.body),
  );

  app.patch(
    '/user/profile/update_me/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Update the signed-in user's public profile (nickname, About me, SNS ids); absent fields unchanged, '' clears",
        body: z.object(profileFields).partial(),
        response: {
          200: z.object({
            id: z.number().int(),
            nickname: z.string(),
            description: z.string(),
            snsIdTwitter: z.string().nullable(),
            snsIdFacebook: z.string().nullable(),
          }),
          ...errorResponses(400, 401),
        },
      },
    },
    (request) => updateProfile(app.db, request.userId!, request.body),
  );
};
