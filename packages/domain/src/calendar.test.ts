import { describe, expect, it } from 'vitest';
import { japanDateOf, japanMidnight } from './calendar';

describe('japanDateOf', () => {
  it('is the date in Japan, nine hours ahead of UTC', () => {
    expect(japanDateOf(new Date('2025-03-31T14:59:59Z'))).toEqual({ year: 2025, month: 3, day: 31 });
    expect(japanDateOf(new Date('2025-03-31T15:00:00Z'))).toEqual({ year: 2025, month: 4, day: 1 });
    expect(japanDateOf(new Date('2025-12-31T15:00:00Z'))).toEqual({ year: 2026, month: 1, day: 1 });
  });
});

describe('japanMidnight', () => {
  it('is 15:00 UTC the day before', () => {
    expect(japanMidnight({ year: 2026, month: 4, day: 1 }).toISOString()).toBe('2026-03-31T15:00:00.000Z');
  });
});
