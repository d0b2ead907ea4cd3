// The bot check, reCAPTCHA v3-compatible (providers.md "Bot check"; spec §4 step 5, §9 action
// 'submit'). The server POSTs the browser's token form-encoded to siteverify
// (https://developers.google.com/recaptcha/docs/verify) and accepts only
// `success && action === 'submit' && score >= 0.5`. Anything else fails closed: a siteverify that
// cannot be reached, or refuses our own secret, is 'unavailable', never a pass.
import { BOT_CHECK_ACTION, BOT_CHECK_MIN_SCORE } from '@kifu/domain';
import { z } from 'zod';
import type { Config } from '../../config/env';
import { observeProviderCall, type ProviderCallMetrics } from '../../metrics/observe-provider-calls';
import { ProviderError } from '../provider-error';
import { requestProviderJson } from '../provider-http';

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

export const BOT_CHECK_PROVIDER = 'bot_check';

export interface BotCheck {
  verifyBotCheckToken(input: BotCheckInput): Promise<BotCheckResult>;
}

/** `metrics`: siteverify's latency and failures (ADR 048); the app passes its own. */
export function createBotCheck(config: BotCheckConfig, metrics?: ProviderCallMetrics): BotCheck {
  // Every way siteverify can fail (timeout, unreachable, an error status, an unreadable answer) is a
  // ProviderError of its kind, for the metrics; the check below turns each into 'unavailable'.
  const siteverify = (form: URLSearchParams) =>
    requestProviderJson({
      provider: BOT_CHECK_PROVIDER,
      displayName: 'the bot check',
      label: 'POST siteverify',
      url: config.BOT_CHECK_VERIFY_URL,
      init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form },
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
      schema: siteverifyResponse,
      answeredError: (status) =>
        new ProviderError(BOT_CHECK_PROVIDER, 'http_error', `siteverify answered HTTP ${status}`, {
          httpStatus: status,
          retryable: status >= 500 || status === 429,
        }),
    });
  return {
    async verifyBotCheckToken({ token, remoteIp }) {
      // Spec §4 step 5: a token is only asked for when a site key is configured.
      if (!config.BOT_CHECK_ENABLED) return { ok: true, score: null };
      if (!token) return { ok: false, reason: 'missing' };

      const form = new URLSearchParams({ secret: config.BOT_CHECK_SECRET, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: z.infer<typeof siteverifyResponse>;
      try {
        answer = await (metrics
          ? observeProviderCall(metrics, BOT_CHECK_PROVIDER, 'siteverify', () => siteverify(form))
          : siteverify(form));
      } catch {
        return { ok: false, reason: 'unavailable' };
      }

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
