// Latency and errors of every call to a third party (ADR 048), measured around the gateways the
// payment plugins use, so the adapters stay free of metrics. The operation label is the gateway's
// method name (createCharge, issueVirtualAccount, …): a fixed vocabulary, where a URL would carry ids.
import { PROVIDER_INVALID_RESPONSE, PROVIDER_NETWORK_ERROR, PROVIDER_TIMEOUT, ProviderError } from '../providers/provider-error';
import type { ApiMetrics } from './api-metrics';

export type ProviderCallMetrics = Pick<ApiMetrics, 'providerCallDuration' | 'providerCallErrors'>;

/** A bounded name for what went wrong: never the provider's own code, which is theirs to extend. */
export function providerErrorKind(error: unknown): string {
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') return 'timeout';
  if (!(error instanceof ProviderError)) return 'other';
  if (error.code === PROVIDER_TIMEOUT) return 'timeout';
  if (error.code === PROVIDER_NETWORK_ERROR) return 'unreachable';
  if (error.code === PROVIDER_INVALID_RESPONSE) return 'invalid_response';
  // The provider refused this request (a used token, a declined card): the caller's, not an outage.
  return error.rejectedRequest ? 'rejected' : 'failed';
}

type CallLabels = { provider: string; operation: string };

function record(metrics: ProviderCallMetrics, labels: CallLabels, startedAt: number, failure?: { error: unknown }): void {
  metrics.providerCallDuration.observe(labels, (performance.now() - startedAt) / 1_000);
  if (failure) metrics.providerCallErrors.inc({ ...labels, kind: providerErrorKind(failure.error) });
}

/** Runs `call`, recording how long it took and, when it throws, what kind of failure it was. */
export async function observeProviderCall<T>(
  metrics: ProviderCallMetrics,
  provider: string,
  operation: string,
  call: () => Promise<T>,
): Promise<T> {
  const labels = { provider, operation };
  const startedAt = performance.now();
  try {
    const answer = await call();
    record(metrics, labels, startedAt);
    return answer;
  } catch (error) {
    record(metrics, labels, startedAt, { error });
    throw error;
  }
}

/**
 * The same gateway, each of its promise-returning methods observed under its own name. Methods run
 * on the gateway itself, so one method calling another (the bank's issue-then-find-by-reference)
 * counts as the one call the caller made; methods that answer at once (the wallet's button
 * signature, made locally) are passed through unobserved.
 */
export function observedGateway<T extends object>(gateway: T, provider: string, metrics: ProviderCallMetrics): T {
  return new Proxy(gateway, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const startedAt = performance.now();
        const result: unknown = (value as (...parameters: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        const labels = { provider, operation: property };
        return result.then(
          (answer: unknown) => {
            record(metrics, labels, startedAt);
            return answer;
          },
          (error: unknown) => {
            record(metrics, labels, startedAt, { error });
            throw error;
          },
        );
      };
    },
  });
}
