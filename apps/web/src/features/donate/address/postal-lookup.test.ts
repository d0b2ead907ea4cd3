import { describe, expect, it, vi } from 'vitest';
import { lookUpPostalCode } from './postal-lookup';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('lookUpPostalCode', () => {
  it('reads the prefecture, joins the city parts and keeps the town', async () => {
    const fetchImpl = vi.fn(async () =>
      json({ status: 200, results: [{ zipcode: '1000001', address1: '東京都', address2: '千代田区', address3: '千代田' }] }),
    );
    await expect(lookUpPostalCode('１００－０００１', 'http://postal.test/api/search', fetchImpl)).resolves.toEqual({
      state: '東京都',
      city: '千代田区千代田',
      town: '千代田',
    });
    expect(String((fetchImpl.mock.calls[0] as unknown as [URL])[0])).toBe('http://postal.test/api/search?zipcode=1000001');
  });

  it('ignores unknown codes, bad input and failures', async () => {
    await expect(
      lookUpPostalCode('9999999', 'http://postal.test/', async () => json({ status: 200, results: null })),
    ).resolves.toBeUndefined();
    await expect(lookUpPostalCode('12', 'http://postal.test/', vi.fn())).resolves.toBeUndefined();
    await expect(
      lookUpPostalCode('1000001', 'http://postal.test/', async () => {
        throw new TypeError('down');
      }),
    ).resolves.toBeUndefined();
    await expect(
      lookUpPostalCode('1000001', 'http://postal.test/', async () => new Response('oops', { status: 500 })),
    ).resolves.toBeUndefined();
  });
});
