// The bot check's part of the sandbox index page: the keys, the score new tokens get, how to change it.
import { BOT_CHECK_ACTION, BOT_CHECK_MIN_SCORE } from '@kifu/domain';
import type { EmulatorOptions } from '../shared/context';
import { escapeHtml } from '../shared/html';
import type { TokenStore } from './token-store';

export function renderBotCheckIndexSection({ context }: Pick<EmulatorOptions, 'context'>, store: TokenStore | undefined): string {
  const settings = store?.settings ?? { score: context.config.BOT_CHECK_DEFAULT_SCORE, fail: false };
  const siteKey = escapeHtml(context.config.BOT_CHECK_SITE_KEY);
  return `<section><h2>Bot check (reCAPTCHA v3-compatible)</h2>
<p>Site key <code>${siteKey}</code>; script <a href="/recaptcha/api.js?render=${siteKey}"><code>/recaptcha/api.js?render=${siteKey}</code></a>;
server check <code>POST /recaptcha/api/siteverify</code>. Kifu asks for action <code>${BOT_CHECK_ACTION}</code> and accepts a score of at least ${BOT_CHECK_MIN_SCORE}.</p>
<p>New tokens score <strong>${settings.score}</strong>${settings.fail ? ' and <strong>fail verification</strong>' : ''}.
Change with <code>PUT /recaptcha/__control {"score":0.1}</code> (a bot) or <code>{"fail":true}</code> (an invalid token); <code>POST /__control/reset</code> restores the default.</p></section>`;
}
