// Wire shapes of the auth calls of spec §7. Signup answers camelCase as the spec reads it
// ("response email, accessToken, expiresIn, refreshToken"); the token endpoint answers as
// RFC 6749 §5.1 does, and its errors add the OAuth `error` field the spec reads ('invalid_grant')
// to the API's `{code, detail}`.
import { api, LOCALES, PASSWORD_MAX_LENGTH, passwordSchema, requiredEmailSchema } from '@kifu/domain';
import { z } from 'zod';
import { botCheckTokenField } from '../providers/botcheck/require-bot-check';
import { privateProfileBody } from '../users/private-profile-schema';

export const registerBody = z.object({
  email: requiredEmailSchema,
  password: passwordSchema,
  private_profile: privateProfileBody.nullish(),
  /** The site language of the sign-up: mail to the user is written in it. */
  locale: z.enum(LOCALES).optional(),
  /** The signup form sends an empty avatar (spec §4); images are uploaded separately. */
  avatar_image: z.object({ file: z.union([z.null(), z.literal('')]).optional() }).nullish(),
  ...botCheckTokenField,
});

export const registerResponse = z.object({
  email: z.string(),
  accessToken: z.string(),
  /** Seconds until the access token expires (spec §4: expiry is now plus expiresIn seconds). */
  expiresIn: z.number().int(),
  refreshToken: z.string(),
});

export const GRANT_TYPES = ['password', 'refresh_token'] as const;

const passwordGrant = z.object({
  grant_type: z.literal('password'),
  /** The account's email. */
  username: z.string().trim().min(1, 'required').max(256, 'maxLength'),
  password: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'maxLength'),
  /** The site language of this login: mail to the user is written in it from now on. */
  locale: z.enum(LOCALES).optional(),
});

const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1, 'required').max(256, 'maxLength'),
});

/** JSON or application/x-www-form-urlencoded (RFC 6749 §4.3.2, §6). Other parameters are ignored. */
export const tokenBody = z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant]);

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds. */
  expires_in: z.number().int(),
  refresh_token: z.string(),
});

export const OAUTH_ERRORS = ['invalid_request', 'invalid_grant', 'unsupported_grant_type'] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];

/** The error body plus RFC 6749 §5.2's `error`; optional because parser errors (bad JSON) come without it. */
export const oauthErrorBody = api.errorBody.extend({ error: z.enum(OAUTH_ERRORS).optional() });
export type OAuthErrorBody = z.infer<typeof oauthErrorBody>;
