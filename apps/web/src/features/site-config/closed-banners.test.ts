import { describe, expect, it } from 'vitest';
import { CLOSED_BANNERS_KEY, firstOpenBanner, readClosedBannerIds, rememberClosedBanner } from './closed-banners';

function memoryStorage(initial?: string) {
  const values = new Map<string, string>(initial === undefined ? [] : [[CLOSED_BANNERS_KEY, initial]]);
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

const banner = (id: number) => ({ id, title: `b${id}`, image_url: '/x.svg', link_url: '/', starts_at: '', ends_at: null });

describe('closed popup banners', () => {
  it('remembers each closed id once, newest last', () => {
    const storage = memoryStorage();
    rememberClosedBanner(storage, 3);
    rememberClosedBanner(storage, 5);
    rememberClosedBanner(storage, 3);
    expect(readClosedBannerIds(storage)).toEqual([5, 3]);
  });

  it('reads damaged or foreign values as nothing closed', () => {
    expect(readClosedBannerIds(memoryStorage('not json'))).toEqual([]);
    expect(readClosedBannerIds(memoryStorage('{"a":1}'))).toEqual([]);
    expect(readClosedBannerIds(memoryStorage('[1,"2",3.5,4]'))).toEqual([1, 4]);
  });

  it('keeps only the newest 50 ids', () => {
    const storage = memoryStorage();
    for (let id = 1; id <= 60; id++) rememberClosedBanner(storage, id);
    const ids = readClosedBannerIds(storage);
    expect(ids).toHaveLength(50);
    expect(ids[0]).toBe(11);
  });

  it('a storage that refuses writes does not break closing', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberClosedBanner(storage, 1)).not.toThrow();
  });

  it('shows the first banner not closed', () => {
    expect(firstOpenBanner([banner(1), banner(2)], [1])?.id).toBe(2);
    expect(firstOpenBanner([banner(1)], [1])).toBeUndefined();
    expect(firstOpenBanner([], [])).toBeUndefined();
  });
});
