// What the bank contract tests share: a sandbox over real HTTP whose bank posts its webhooks to a
// local node:http receiver, and small clients for the bank API and the control API.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';

export const API_KEY = SANDBOX_CREDENTIALS.bank.apiKey;
export const WEBHOOK_SECRET = SANDBOX_CREDENTIALS.bank.webhookSecret;

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/bank/`,
    received,
    /** The delivery of one event, once it arrives. */
    async waitFor(eventId: string, timeoutMs = 20_000): Promise<ReceivedWebhook> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((delivery) => delivery.headers['x-bank-event-id'] === eventId);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no webhook for ${eventId}`);
        await new Promise((done) => setTimeout(done, 10));
      }
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export async function startBankSandbox() {
  const receiver = await startWebhookReceiver();
  const app = await buildSandbox({ config: loadSandboxConfig({ BANK_WEBHOOK_URL: receiver.url }), webhookRetryDelaysMs: [10] });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}/bank/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${API_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- contract tests read the wire JSON
    return { status: response.status, headers: response.headers, json: (await response.json()) as any };
  }

  const control = (path: string, body: unknown, method = 'POST') =>
    fetch(`${base}/__control${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  let references = 0;
  return {
    app,
    base,
    receiver,
    call,
    /** Issues an account with a fresh reference; `overrides` replace fields of the request. */
    issue: (overrides: Record<string, unknown> = {}) =>
      call('POST', '/virtual-accounts', {
        amount: 5_000,
        reference: `don_${++references}_${Date.now()}`,
        expires_in_days: 7,
        ...overrides,
      }),
    deposit: (id: string, body: Record<string, unknown> = {}) => call('POST', `/virtual-accounts/${id}/deposits`, body),
    advanceClock: (advanceMs: number) => control('/clock', { advanceMs }),
    setFaults: (faults: Record<string, number>) => control('/faults', faults, 'PUT'),
    reset: () => control('/reset', {}),
    async close() {
      await app.close();
      await receiver.close();
    },
  };
}

export type BankSandbox = Awaited<ReturnType<typeof startBankSandbox>>;
