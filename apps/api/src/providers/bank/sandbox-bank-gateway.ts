// The bank adapter over HTTP: the virtual-account protocol of apps/sandbox/src/bank (Bearer API key,
// JSON, `{error:{code, message}}`), so pointing BANK_API_URL at a real bank speaking it is
// configuration only. Every failure becomes a ProviderError: the bank's own code for its answers,
// 'timeout' after PROVIDER_TIMEOUT_MS, 'network_error' when it cannot be reached.
import { requestProviderJson } from '../provider-http';
import type { z } from 'zod';
import type { Config } from '../../config/env';
import { PROVIDER_INVALID_RESPONSE, ProviderError } from '../provider-error';
import {
  BANK_PROVIDER,
  type BankAccountCheck,
  type BankEvent,
  type BankGateway,
  type BankPayee,
  type BankRefund,
  type BankTransfer,
  type BankVirtualAccount,
  type CreateTransferInput,
  type IssueVirtualAccountInput,
} from './bank-gateway';
import {
  accountCheckJson,
  errorJson,
  eventListJson,
  payeeBody,
  refundJson,
  toBankAccountCheck,
  toBankEvent,
  toBankTransfer,
  toBankVirtualAccount,
  transferJson,
  transferListJson,
  virtualAccountJson,
  virtualAccountListJson,
} from './bank-wire-format';

export type BankGatewayConfig = Pick<Config, 'BANK_API_URL' | 'BANK_API_KEY' | 'PROVIDER_TIMEOUT_MS'>;

/** The bank answers at most this many events per page. */
const EVENTS_PAGE = 1_000;
/** A safety stop for a runaway event log; the next reconciliation run continues from where this one got. */
const MAX_EVENT_PAGES = 20;

/**
 * 409s that mean "this reference already has an account": a retry whose body differs from the
 * first attempt (a deadline recomputed later, say). The account issued first is the one to use.
 */
const ALREADY_ISSUED = new Set(['reference_conflict', 'idempotency_key_reused']);

/** The same payee and amount: a retry of this transfer, whatever else its body spelt differently. */
function sameTransfer(sent: BankTransfer, input: CreateTransferInput): boolean {
  return (
    sent.amount === input.amount &&
    sent.bankCode === input.bankCode &&
    sent.branchCode === input.branchCode &&
    sent.accountType === input.accountType &&
    sent.accountNumber === input.accountNumber
  );
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}

export class SandboxBankGateway implements BankGateway {
  constructor(private readonly config: BankGatewayConfig) {}

  async issueVirtualAccount(input: IssueVirtualAccountInput): Promise<BankVirtualAccount> {
    const body = {
      amount: input.amount,
      reference: input.reference,
      expires_at: input.expiresAt.toISOString(),
      ...(input.holderName === undefined ? {} : { holder_name: input.holderName }),
    };
    try {
      const json = await this.request(virtualAccountJson, '/v1/virtual-accounts', {
        method: 'POST',
        body,
        // Derived from the reference, so a retry of the same issue is recognised even by a bank
        // that keys idempotency on the header alone (providers.md "Reliability rules").
        headers: { 'idempotency-key': `virtual-account:${input.reference}` },
      });
      return toBankVirtualAccount(json);
    } catch (error) {
      if (!(error instanceof ProviderError) || !ALREADY_ISSUED.has(error.code)) throw error;
      const issued = await this.findByReference(input.reference);
      // Same reference, other amount: a programming error, not a retry.
      if (!issued || issued.amount !== input.amount) throw error;
      return issued;
    }
  }

  async retrieveVirtualAccount(id: string): Promise<BankVirtualAccount> {
    return toBankVirtualAccount(await this.request(virtualAccountJson, `/v1/virtual-accounts/${encodeURIComponent(id)}`));
  }

  async findByReference(reference: string): Promise<BankVirtualAccount | null> {
    const query = new URLSearchParams({ reference, limit: '1' });
    const list = await this.request(virtualAccountListJson, `/v1/virtual-accounts?${query}`);
    const [found] = list.data;
    return found ? toBankVirtualAccount(found) : null;
  }

  async closeVirtualAccount(id: string): Promise<BankVirtualAccount> {
    return toBankVirtualAccount(
      await this.request(virtualAccountJson, `/v1/virtual-accounts/${encodeURIComponent(id)}/close`, { method: 'POST' }),
    );
  }

  async refund(accountId: string, amount: number, idempotencyKey: string): Promise<BankRefund> {
    const json = await this.request(refundJson, `/v1/virtual-accounts/${encodeURIComponent(accountId)}/refunds`, {
      method: 'POST',
      body: { amount },
      headers: { 'idempotency-key': idempotencyKey },
    });
    return { id: json.id, amount: json.amount, to: json.to, refundedAt: new Date(json.refunded_at) };
  }

  async createTransfer(input: CreateTransferInput): Promise<BankTransfer> {
    try {
      const json = await this.request(transferJson, '/v1/transfers', {
        method: 'POST',
        body: { ...payeeBody(input), amount: input.amount, reference: input.reference },
        // From the reference, never random: the process that retries after a kill -9 knows only the
        // payout it was sending, and must be answered the transfer already under way.
        headers: { 'idempotency-key': `transfer:${input.reference}` },
      });
      return toBankTransfer(json);
    } catch (error) {
      if (!(error instanceof ProviderError) || !ALREADY_ISSUED.has(error.code)) throw error;
      // The reference was sent before with another body (a holder respelt) or key: the money went
      // once already. Answer that transfer if it is this payment; anything else is a bug to surface.
      const sent = await this.findTransferByReference(input.reference);
      if (!sent || !sameTransfer(sent, input)) throw error;
      return sent;
    }
  }

  async getTransfer(id: string): Promise<BankTransfer> {
    return toBankTransfer(await this.request(transferJson, `/v1/transfers/${encodeURIComponent(id)}`));
  }

  async findTransferByReference(reference: string): Promise<BankTransfer | null> {
    const query = new URLSearchParams({ reference, limit: '1' });
    const [found] = (await this.request(transferListJson, `/v1/transfers?${query}`)).data;
    return found ? toBankTransfer(found) : null;
  }

  async checkAccount(payee: BankPayee): Promise<BankAccountCheck> {
    return toBankAccountCheck(await this.request(accountCheckJson, '/v1/account-checks', { method: 'POST', body: payeeBody(payee) }));
  }

  async listEventsSince(since: string | undefined): Promise<BankEvent[]> {
    const events: BankEvent[] = [];
    const seen = new Set<string>();
    let cursor = since;
    for (let page = 0; page < MAX_EVENT_PAGES; page++) {
      const query = new URLSearchParams({ limit: String(EVENTS_PAGE), ...(cursor === undefined ? {} : { since: cursor }) });
      const list = await this.request(eventListJson, `/v1/events?${query}`);
      for (const json of list.data) {
        if (seen.has(json.id)) continue;
        seen.add(json.id);
        events.push(toBankEvent(json));
      }
      const last = list.data.at(-1)?.created_at;
      // `since` is inclusive, so the next page starts at the last time seen; a page that cannot
      // move the cursor (a full page of one instant) would loop forever, so stop there.
      if (!list.has_more || last === undefined || last === cursor) break;
      cursor = last;
    }
    return events;
  }

  private request<T>(schema: z.ZodType<T>, path: string, options: RequestOptions = {}): Promise<T> {
    return requestProviderJson({
      provider: BANK_PROVIDER,
      displayName: 'the bank',
      label: `${options.method ?? 'GET'} ${path}`,
      url: `${this.config.BANK_API_URL}${path}`,
      init: {
        method: options.method ?? 'GET',
        headers: {
          authorization: `Bearer ${this.config.BANK_API_KEY}`,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      },
      timeoutMs: this.config.PROVIDER_TIMEOUT_MS,
      schema,
      answeredError: (status, json) => this.answeredError(status, json),
    });
  }

  private answeredError(status: number, json: unknown): ProviderError {
    const body = errorJson.safeParse(json);
    // Never echo a foreign body (a proxy's page): only the bank's own error fields.
    const code = body.success ? body.data.error.code : status >= 500 ? 'internal_error' : PROVIDER_INVALID_RESPONSE;
    const message = body.success ? body.data.error.message : `the bank answered HTTP ${status}`;
    return new ProviderError(BANK_PROVIDER, code, message, { httpStatus: status, retryable: status >= 500 || status === 429 });
  }
}
