// The bot check, reCAPTCHA v3-compatible (providers.md "Bot check"; spec §4 step 5, §9 action
// 'submit'). The server POSTs the browser's token form-encoded to siteverify
// (https://developers.google.com/recaptcha/docs/verify) and accepts only
// `success && action === 'submit' && score >= 0.5`. Anything else fails closed: a siteverify that
// cannot be reached, or refuses our own secret, is 'unavailable', never a pass.
import { BOT_CHECK_ACTION, BOT_CHECK_MIN_SCORE } from '@kifu/domain';
import { z } from 'zod';
import type { Config } from '../../config/env';

export type BotCheckConfig = Pick<Config, 'BOT_CHECK_ENABLED' | 'BOT_CHECK_SECRET' | 'BOT_CHECK_VERIFY_URL' | 'PROVIDER_TIMEOUT_MS'>;

/**
 * missing — no token sent; invalid — unknown, failed, expired or already used
 * (timeout-or-duplicate); low_score — below BOT_CHECK_MIN_SCORE (a bot); wrong_action — minted for
 * another action; unavailable — siteverify unreachable, timed out, or refusing our request.
 */
export type BotCheckFailure = 'missing' | 'invalid' | 'low_score' | 'wrong_action' | 'unavailable';

export type BotCheckResult =
  /** `score` is null when the check is switched off (BOT_CHECK_ENABLED=false). */
  { ok: true; score: number | null } | { ok: false; reason: BotCheckFailure; score?: number; errorCodes?: string[] };

export interface BotCheckInput {
  token: string | undefined;
  /** The supporter's address, passed on as Google recommends. */
  remoteIp?: string;
}

const siteverifyResponse = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** Error codes that blame the token; any other (our secret, a bad request, an outage) is ours or theirs. */
const TOKEN_ERRORS = new Set(['invalid-input-response', 'timeout-or-duplicate']);

export interface BotCheck {
  verifyBotCheckToken(input: BotCheckInput): Promise<BotCheckResult>;
}

export function createBotCheck(config: BotCheckConfig): BotCheck {
  return {
    async verifyBotCheckToken({ token, remoteIp }) {
      // Spec §4 step 5: a token is only asked for when a site key is configured.
      if (!config.BOT_CHECK_ENABLED) return { ok: true, score: null };
      if (!token) return { ok: false, reason: 'missing' };

      const form = new URLSearchParams({ secret: config.BOT_CHECK_SECRET, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let json: unknown;
      try {
        const response = await fetch(config.BOT_CHECK_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(config.PROVIDER_TIMEOUT_MS),
        });
        if (!response.ok) return { ok: false, reason: 'unavailable' };
        json = await response.json();
      } catch {
        return { ok: false, reason: 'unavailable' };
      }
      const parsed = siteverifyResponse.safeParse(json);
      if (!parsed.success) return { ok: false, reason: 'unavailable' };

      const answer = parsed.data;
      if (!answer.success) {
        const errorCodes = answer['error-codes'] ?? [];
        const blamesToken = errorCodes.length > 0 && errorCodes.every((code) => TOKEN_ERRORS.has(code));
        return { ok: false, reason: blamesToken ? 'invalid' : 'unavailable', errorCodes };
      }
      if (answer.action !== BOT_CHECK_ACTION) return { ok: false, reason: 'wrong_action', score: answer.score };
      // A scoreless success is a v2 (checkbox) token: not what the site key asks for.
      if (answer.score === undefined) return { ok: false, reason: 'invalid' };
      if (answer.score < BOT_CHECK_MIN_SCORE) return { ok: false, reason: 'low_score', score: answer.score };
      return { ok: true, score: answer.score };
    },
  };
}
