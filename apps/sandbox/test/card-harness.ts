// Shared set-up of the card gateway's contract tests: a sandbox on a random port, a local
// webhook receiver, the official omise SDK pointed at the sandbox, and raw HTTP helpers for the
// edge cases the SDK cannot express (a wrong key, a form body, a preflight).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import Omise, { Scheme } from 'omise';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';

export const PUBLIC_KEY = SANDBOX_CREDENTIALS.card.publicKey;
export const SECRET_KEY = SANDBOX_CREDENTIALS.card.secretKey;
export const WEBHOOK_SECRET = SANDBOX_CREDENTIALS.card.webhookSecret;
/** authorize_uri is built from this; tests follow its path on the real port. */
export const PUBLIC_URL = 'http://sandbox.test:4010';
export const FUTURE_YEAR = new Date().getUTCFullYear() + 3;
export const DAY_MS = 86_400_000;

/**
 * The omise SDK hands only `host` to http.request (it has no port option), so every call goes to
 * port 80 through http.globalAgent. This agent opens the connection on `port` instead whenever the
 * target is `host` on port 80, and leaves every other connection alone.
 */
export class PortRewritingAgent extends http.Agent {
  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {
    super();
  }

  override createConnection(options: http.ClientRequestArgs, callback?: (error: Error | null, stream: Duplex) => void) {
    const toDefaultPort = options.port === undefined || options.port === null || Number(options.port) === 80;
    const target = (options.host ?? options.hostname) === this.host && toDefaultPort ? { ...options, port: this.port } : options;
    return super.createConnection(target, callback);
  }
}

/** Routes the SDK's port-80 requests for `base`'s host to `base`'s port; returns the undo. */
export function routeSdkTo(base: string): () => void {
  const { hostname, port } = new URL(base);
  const original = http.globalAgent;
  const agent = new PortRewritingAgent(hostname, Number(port));
  http.globalAgent = agent;
  return () => {
    http.globalAgent = original;
    agent.destroy();
  };
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

export type ApiKey = 'public' | 'secret' | 'none' | { raw: string };

export interface ApiCall {
  method?: string;
  key?: ApiKey;
  json?: unknown;
  form?: string;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export type CardSandbox = Awaited<ReturnType<typeof startCardSandbox>>;

function authorization(key: ApiKey): Record<string, string> {
  if (key === 'none') return {};
  const user = typeof key === 'object' ? key.raw : key === 'public' ? PUBLIC_KEY : SECRET_KEY;
  return { authorization: `Basic ${Buffer.from(`${user}:`).toString('base64')}` };
}

export async function startCardSandbox(env: Record<string, string> = {}) {
  const deliveries: Delivery[] = [];
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const receiverPort = (receiver.address() as { port: number }).port;

  const app = await buildSandbox({
    config: loadSandboxConfig({
      CARD_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/webhooks/card/`,
      SANDBOX_PUBLIC_URL: PUBLIC_URL,
      ...env,
    }),
    webhookRetryDelaysMs: [10],
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const restoreAgent = routeSdkTo(base);
  const omise = Omise({
    publicKey: PUBLIC_KEY,
    secretKey: SECRET_KEY,
    omiseVersion: '2019-05-29',
    host: '127.0.0.1',
    vaultHost: '127.0.0.1',
    scheme: Scheme.Http,
  });

  async function api<T = Record<string, unknown>>(path: string, call: ApiCall = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...authorization(call.key ?? 'secret'), ...call.headers };
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = call.form;
    }
    const response = await fetch(`${base}${path}`, {
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'manual',
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
  }

  async function control<T = Record<string, unknown>>(path: string, method = 'POST', json?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return (await response.json()) as T;
  }

  /** Waits until a webhook whose event matches arrives (deliveries are not awaited by the sandbox). */
  async function waitForDelivery(match: (event: { key: string; data: { id: string } }) => boolean, timeoutMs = 20_000): Promise<Delivery> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = deliveries.find((delivery) => match(JSON.parse(delivery.body)));
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no matching webhook delivery');
      await new Promise((done) => setTimeout(done, 10));
    }
  }

  async function tokenize(number: string, card: Record<string, unknown> = {}) {
    return omise.tokens.create({
      card: { name: 'TARO YAMADA', number, expiration_month: 12, expiration_year: FUTURE_YEAR, security_code: '123', ...card },
    });
  }

  return {
    app,
    base,
    omise,
    deliveries,
    api,
    control,
    waitForDelivery,
    tokenize,
    advanceClock: (ms: number) => control('/__control/clock', 'POST', { advanceMs: ms }),
    setFaults: (faults: Record<string, number>) => control('/__control/faults', 'PUT', faults),
    reset: () => control('/__control/reset'),
    /** The same URL on the real port: authorize_uri names the configured public URL. */
    local: (url: string) => `${base}${new URL(url).pathname}`,
    async close() {
      restoreAgent();
      await app.close();
      await new Promise<void>((done) => receiver.close(() => done()));
    },
  };
}
