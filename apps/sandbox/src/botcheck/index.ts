// The bot check emulator, reCAPTCHA v3-compatible (providers.md "Bot check"; spec §9: action
// 'submit'). Protocol, under /recaptcha:
//
//   GET  /api.js?render=<siteKey>[&onload=fn] → script defining window.grecaptcha
//        {ready(cb), execute(siteKey, {action}) → Promise<token>}, like Google's.
//   POST /api/token {siteKey, action, score?: 0..1} (JSON, CORS open) → {token}; what execute calls.
//        Unknown site key → 400 {error:'invalid-site-key', message}; bad body → 400 {error:'bad-request'}.
//        The token carries the score in force (or the explicit one) and the fail setting.
//   POST /api/siteverify  secret, response, remoteip? — form body or query string, as Google →
//        always 200: {success:true, challenge_ts, hostname, score, action} or
//        {success:false, 'error-codes': [missing-input-secret | invalid-input-secret |
//        missing-input-response | invalid-input-response | timeout-or-duplicate | bad-request]}.
//        Tokens verify once and within 2 minutes of minting (sandbox clock); a JSON body or a
//        repeated parameter is bad-request. Fault injection applies here only.
//   GET|PUT /__control {score?: 0..1, fail?: boolean} — score of new tokens (default
//        BOT_CHECK_DEFAULT_SCORE) and whether new tokens fail (invalid-input-response).
//        POST /__control/reset restores both.
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions, SandboxContext } from '../shared/context';
import { renderBotCheckIndexSection } from './index-section';
import { botCheckRoutes } from './routes';
import { TokenStore } from './token-store';

// The index page only gets the context; this finds the settings of the same sandbox app.
const stores = new WeakMap<SandboxContext, TokenStore>();

export async function botcheckEmulator(app: FastifyInstance, { context, onReset }: EmulatorOptions) {
  const store = new TokenStore({ score: context.config.BOT_CHECK_DEFAULT_SCORE, fail: false });
  stores.set(context, store);
  onReset(() => store.reset());
  await app.register(botCheckRoutes, { context, store });
}

/** The emulator's part of the sandbox index page (HTML). */
export function botcheckIndexSection(options: Pick<EmulatorOptions, 'context'>): string {
  return renderBotCheckIndexSection(options, stores.get(options.context));
}
