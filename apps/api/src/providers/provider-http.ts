// One way to call a provider's JSON-over-HTTP API (bank, wallet pay): a timeout that covers the
// body too (a provider that sends headers and then hangs still times out), transport failures and
// unreadable answers as retryable ProviderErrors, and the provider's own error body handed to the
// adapter to map.
import type { z } from 'zod';
import { PROVIDER_INVALID_RESPONSE, PROVIDER_NETWORK_ERROR, PROVIDER_TIMEOUT, ProviderError } from './provider-error';

export interface ProviderRequest<T> {
  provider: string;
  /** How error messages name the provider, e.g. 'the bank'. */
  displayName: string;
  /** Short description of the call for error messages, e.g. 'GET /v1/virtual-accounts'. */
  label: string;
  url: string;
  init: Omit<RequestInit, 'signal'>;
  timeoutMs: number;
  schema: z.ZodType<T>;
  /** Maps a non-2xx answer (its status and parsed JSON, if any) to the provider's error. */
  answeredError: (status: number, json: unknown) => ProviderError;
}

export async function requestProviderJson<T>(request: ProviderRequest<T>): Promise<T> {
  const { provider, displayName } = request;
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, { ...request.init, signal: AbortSignal.timeout(request.timeoutMs) });
    text = await response.text();
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
      throw new ProviderError(provider, PROVIDER_TIMEOUT, `${displayName} did not answer within ${request.timeoutMs} ms (timed out)`, {
        retryable: true,
        cause: error,
      });
    }
    throw new ProviderError(provider, PROVIDER_NETWORK_ERROR, `connection to ${displayName} failed`, { retryable: true, cause: error });
  }
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) throw request.answeredError(response.status, json);
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError(provider, PROVIDER_INVALID_RESPONSE, `${displayName} answered ${request.label} with an unexpected body`, {
      httpStatus: response.status,
      retryable: true,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
