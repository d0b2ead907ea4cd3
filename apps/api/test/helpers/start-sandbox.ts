// The provider sandbox (apps/sandbox) in-process on 127.0.0.1 and a free port, for tests that talk
// to the card gateway over real HTTP, plus what a browser or a tester does against it: tokenise a
// card at the vault with the public key, press a button on the 3-D Secure page, and drive the
// control API (faults, clock, reset).
import { randomBytes } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '@kifu/sandbox/app';
import type { StoredMail } from '@kifu/sandbox/mail/mailbox-store';
import { loadSandboxConfig } from '@kifu/sandbox/config/env';

export const FUTURE_YEAR = new Date().getUTCFullYear() + 3;

export interface FaultSettings {
  errorRate?: number;
  timeoutRate?: number;
  dropWebhookRate?: number;
  timeoutMs?: number;
}

/**
 * The timeout path without a race: every provider call hangs for a minute, far longer than the
 * client timeout of any test, so the client's own clock ends the call however busy the machine is
 * (a hang that ended first would read as a dropped connection, not a timeout).
 */
export const CALLS_HANG = { errorRate: 0, timeoutRate: 1, timeoutMs: 60_000 } as const;

/**
 * The client timeout of gateways built only to see a call time out under CALLS_HANG: seconds, never
 * milliseconds. Calls that are meant to succeed keep the configured timeout (10 s by default).
 */
export const IMPATIENT_TIMEOUT_MS = 3_000;

export type TestSandbox = Awaited<ReturnType<typeof startSandbox>>;

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** A mail as the sandbox mailbox answers it. */
export type DeliveredMail = StoredMail;

export async function startSandbox(env: Record<string, string> = {}) {
  const app = await buildSandbox({
    // Nobody listens here until a test points card webhooks at an API it started (receiveCardWebhooksAt).
    config: loadSandboxConfig({ LOG_LEVEL: 'silent', CARD_WEBHOOK_URL: 'http://127.0.0.1:9/webhooks/card/', ...env }),
    fastify: { logger: false },
    webhookRetryDelaysMs: [10],
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // The sandbox reads these per charge and per delivery; only now is the real port known.
  app.sandbox.config.SANDBOX_PUBLIC_URL = url;

  async function control(path: string, method: 'POST' | 'PUT', body?: unknown): Promise<unknown> {
    const response = await fetch(`${url}/__control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sandbox control ${path} answered ${response.status}`);
    return response.json();
  }

  return {
    app,
    /** Base URL, e.g. http://127.0.0.1:41234: the API under test gets it as SANDBOX_URL. */
    url,
    /** The sandbox mailbox's SMTP server: the API under test gets it as SMTP_URL. */
    smtpUrl: `smtp://127.0.0.1:${app.mailbox.smtpPort()}`,

    /** The mail delivered to `address`, newest first, read from the sandbox mailbox over HTTP. */
    async mailsTo(address: string): Promise<DeliveredMail[]> {
      const response = await fetch(`${url}/mailbox/api/messages?to=${encodeURIComponent(address)}`);
      return ((await response.json()) as { messages: DeliveredMail[] }).messages;
    },

    /** POST /tokens with the public key, as the browser's card form does; returns the token id. */
    async tokenize(number: string, card: Record<string, unknown> = {}): Promise<string> {
      const response = await fetch(`${url}/tokens`, {
        method: 'POST',
        headers: { authorization: basic(SANDBOX_CREDENTIALS.card.publicKey), 'content-type': 'application/json' },
        body: JSON.stringify({
          card: { name: 'TARO YAMADA', number, expiration_month: 12, expiration_year: FUTURE_YEAR, security_code: '123', ...card },
        }),
      });
      const body = (await response.json()) as { id?: string; code?: string; message?: string };
      if (!response.ok || !body.id) throw new Error(`tokenising failed: ${body.code}: ${body.message}`);
      return body.id;
    },

    /**
     * Opens the charge's authorize_uri (the issuer's 3-D Secure page) and presses Authenticate or
     * Fail, as the supporter would; returns where the browser is sent back to (the return_uri).
     */
    async authorize(authorizeUri: string, answer: 'authenticate' | 'fail'): Promise<string> {
      const page = await fetch(authorizeUri);
      const html = await page.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (page.status !== 200 || !action) throw new Error(`no 3-D Secure form at ${authorizeUri} (${page.status})`);
      const pressed = await fetch(new URL(action, authorizeUri), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ result: answer }).toString(),
        redirect: 'manual',
      });
      const location = pressed.headers.get('location');
      if (pressed.status !== 302 || !location) throw new Error(`3-D Secure answer was not redirected (${pressed.status})`);
      return location;
    },

    /** Where the sandbox delivers signed card webhooks from now on (e.g. an API listening on port 0). */
    receiveCardWebhooksAt(webhookUrl: string): void {
      app.sandbox.config.CARD_WEBHOOK_URL = webhookUrl;
    },

    setFaults: (settings: FaultSettings) => control('/faults', 'PUT', settings),
    advanceClock: (advanceMs: number) => control('/clock', 'POST', { advanceMs }),
    reset: () => control('/reset', 'POST'),

    close: () => app.close(),
  };
}

/** A unique email per call, so tests never collide on the users table or the gateway. */
export function uniqueEmail(label = 'supporter'): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}
