import { describe, expect, it, vi } from 'vitest';
import { fetchPostalAddress, lookUpPostalCode } from './postal-lookup';

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

describe('fetchPostalAddress', () => {
  it('answers a code it has had again without asking, so the check at submit gets the town the form was filled with', async () => {
    const fetchMock = vi.fn(async () => json({ state: '東京都', city: '目黒区中央町', town: '中央町' }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const first = await fetchPostalAddress('1520001');
      // The server or the connection fails from now on: the answer had is kept.
      fetchMock.mockImplementation(async () => {
        throw new TypeError('down');
      });
      await expect(fetchPostalAddress('1520001')).resolves.toEqual(first);
      expect(first).toEqual({ state: '東京都', city: '目黒区中央町', town: '中央町' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // A failure is not kept: another code is asked for, and answers nothing.
      await expect(fetchPostalAddress('1000001')).resolves.toBeUndefined();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
