import { describe, expect, it, vi } from 'vitest';
import { tokeniseCard, VaultError, VaultNetworkError } from './card-vault';

const card = {
  holder: 'HANAKO YAMADA',
  number: '4242424242424242',
  expirationMonth: 12,
  expirationYear: 30,
  expirationYearFull: 2030,
  cvc: '123',
};
const config = { vaultUrl: 'http://vault.test/', publicKey: 'pkey_test_x' };

describe('tokeniseCard', () => {
  it('posts the card to the vault with the public key and reads the token', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify({ object: 'token', id: 'tokn_test_1', card: { brand: 'Visa', last_digits: '4242' } }), { status: 200 }),
    );
    await expect(tokeniseCard(card, config, fetchImpl)).resolves.toEqual({ id: 'tokn_test_1', brand: 'Visa', lastDigits: '4242' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://vault.test/tokens');
    expect(new Headers(init.headers).get('authorization')).toBe(`Basic ${btoa('pkey_test_x:')}`);
    expect(JSON.parse(String(init.body))).toEqual({
      card: { name: 'HANAKO YAMADA', number: '4242424242424242', expiration_month: 12, expiration_year: 2030, security_code: '123' },
    });
    expect(init.credentials).toBe('omit');
  });

  it("reports the vault's error code and message", async () => {
    const fetchImpl = vi.fn(
      async () => new Response(JSON.stringify({ object: 'error', code: 'invalid_card', message: 'number is invalid' }), { status: 400 }),
    );
    const error = await tokeniseCard(card, config, fetchImpl).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VaultError);
    expect((error as VaultError).detail).toBe('invalid_card: number is invalid');
  });

  it('tells an unreachable vault apart', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(tokeniseCard(card, config, fetchImpl)).rejects.toBeInstanceOf(VaultNetworkError);
  });
});
