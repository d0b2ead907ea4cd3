// The bot check (spec §4 step 5; providers.md "Bot check"): a reCAPTCHA v3-compatible script,
// loaded by the donation form and the sign-up form (ADR 056), gives a token for the action 'submit'
// that the API verifies. The script URL is configuration (the sandbox in development and tests),
// and the donate pages' CSP and the site's list its origin.
import { BOT_CHECK_ACTION } from '@kifu/domain/constants';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export interface BotCheckConfig {
  siteKey: string;
  scriptUrl: string;
}

export class BotCheckError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BotCheckError';
  }
}

const loading = new Map<string, Promise<Grecaptcha>>();

function scriptSource({ scriptUrl, siteKey }: BotCheckConfig): string {
  const url = new URL(scriptUrl);
  url.searchParams.set('render', siteKey);
  return url.toString();
}

/** Loads the script once per page; later calls share the first load. */
export function loadBotCheck(config: BotCheckConfig): Promise<Grecaptcha> {
  const src = scriptSource(config);
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new BotCheckError('grecaptcha missing after load')));
    script.onerror = () => reject(new BotCheckError('bot-check script failed to load'));
    document.head.appendChild(script);
  });
  // A failed load may be retried on the next submission.
  promise.catch(() => loading.delete(src));
  loading.set(src, promise);
  return promise;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BotCheckError(`bot check timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof BotCheckError ? error : new BotCheckError('bot check failed', { cause: error }));
      },
    );
  });
}

export const BOT_CHECK_TIMEOUT_MS = 15_000;

/** A fresh token for one submission (tokens are single use and short-lived). */
export async function botCheckToken(config: BotCheckConfig, timeoutMs = BOT_CHECK_TIMEOUT_MS): Promise<string> {
  const token = await withTimeout(
    loadBotCheck(config).then(
      (grecaptcha) =>
        new Promise<string>((resolve, reject) =>
          grecaptcha.ready(() => grecaptcha.execute(config.siteKey, { action: BOT_CHECK_ACTION }).then(resolve, reject)),
        ),
    ),
    timeoutMs,
  );
  if (typeof token !== 'string' || token === '') throw new BotCheckError('empty bot-check token');
  return token;
}
