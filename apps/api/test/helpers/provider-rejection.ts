import { expect } from 'vitest';
import { ProviderError } from '../../src/providers/provider-error';

/** The ProviderError a provider call rejects with (fails the test if it resolves or throws anything else). */
export async function providerRejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
