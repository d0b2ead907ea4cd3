// The sandbox of start-sandbox.ts plus what the bank-transfer and bot-check tests do against it:
// "transfer" money into a virtual account (the bank's deposit simulation), point the bank's signed
// webhooks at an API listening on a port of its own, and mint reCAPTCHA tokens as the browser does.
import { BOT_CHECK_ACTION } from '@kifu/domain';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { startSandbox } from './start-sandbox';

// Re-exported for the test files that import it from here.
export { eventually } from './eventually';

export interface DepositedEvent {
  id: string;
  type: string;
  created_at: string;
  data: {
    virtual_account: { id: string; status: string; deposited_amount: number };
    deposit: { id: string; amount: number; deposited_at: string };
  };
}

export type BankSandbox = Awaited<ReturnType<typeof startBankSandbox>>;

async function postJson(url: string, body: unknown, init: { method?: string; headers?: Record<string, string> } = {}): Promise<unknown> {
  const response = await fetch(url, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function startBankSandbox(env: Record<string, string> = {}) {
  // Nobody listens here until a test points bank webhooks at an API it started.
  const sandbox = await startSandbox({ BANK_WEBHOOK_URL: 'http://127.0.0.1:9/webhooks/bank/', ...env });
  const bankAuth = { authorization: `Bearer ${SANDBOX_CREDENTIALS.bank.apiKey}` };

  return {
    ...sandbox,

    /** Where the sandbox delivers signed bank webhooks from now on; the sandbox reads it per delivery. */
    receiveBankWebhooksAt(webhookUrl: string): void {
      sandbox.app.sandbox.config.BANK_WEBHOOK_URL = webhookUrl;
    },

    /** A simulated transfer (exact, short by ¥1,000, over by ¥1,000, or after the deadline); returns the bank's event. */
    async deposit(accountId: string, body: { kind?: 'exact' | 'short' | 'over' | 'late'; amount?: number } = {}): Promise<DepositedEvent> {
      return (await postJson(`${sandbox.url}/bank/v1/virtual-accounts/${accountId}/deposits`, body, {
        headers: bankAuth,
      })) as DepositedEvent;
    },

    /** What grecaptcha.execute does in the browser; `score` overrides the sandbox's setting for this token. */
    async mintBotCheckToken(options: { action?: string; score?: number; siteKey?: string } = {}): Promise<string> {
      const body = {
        siteKey: options.siteKey ?? SANDBOX_CREDENTIALS.botCheck.siteKey,
        action: options.action ?? BOT_CHECK_ACTION,
        score: options.score,
      };
      return ((await postJson(`${sandbox.url}/recaptcha/api/token`, body)) as { token: string }).token;
    },

    /**
     * Closes without waiting for connections that never sent a request: after a client aborts a
     * timed-out call, fetch (undici) can leave such a socket open, and Node's server would wait for
     * its headers timeout (60 s) before closing.
     */
    async close(): Promise<void> {
      const closing = sandbox.close();
      sandbox.app.server.closeAllConnections();
      await closing;
    },

    /** Score and pass/fail of tokens minted from now on. */
    setBotCheck: (settings: { score?: number; fail?: boolean }) =>
      postJson(`${sandbox.url}/recaptcha/__control`, settings, { method: 'PUT' }),
  };
}
