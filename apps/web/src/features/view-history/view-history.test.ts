import { describe, expect, it } from 'vitest';
import { parseViewHistory, recordVisit } from './view-history';

describe('view history', () => {
  it('puts the newest path first', () => {
    expect(recordVisit(['/help'], '/asset')).toEqual(['/asset', '/help']);
  });

  it('keeps the last 5 paths (spec §9)', () => {
    let history: string[] = [];
    for (const path of ['/a', '/b', '/c', '/d', '/e', '/f']) history = recordVisit(history, path);
    expect(history).toEqual(['/f', '/e', '/d', '/c', '/b']);
  });

  it('moves a path visited again to the front instead of listing it twice', () => {
    expect(recordVisit(['/c', '/b', '/a'], '/a')).toEqual(['/a', '/c', '/b']);
    expect(recordVisit(['/a', '/b'], '/a')).toEqual(['/a', '/b']);
  });

  it('reads back what it stored and ignores anything else', () => {
    expect(parseViewHistory(JSON.stringify(['/en/help', '/']))).toEqual(['/en/help', '/']);
    expect(parseViewHistory(null)).toEqual([]);
    expect(parseViewHistory('not json')).toEqual([]);
    expect(parseViewHistory('{"a":1}')).toEqual([]);
    expect(parseViewHistory(JSON.stringify(['/a', 3, 'https://elsewhere.example/', '/b']))).toEqual(['/a', '/b']);
    expect(parseViewHistory(JSON.stringify(['/1', '/2', '/3', '/4', '/5', '/6']))).toHaveLength(5);
  });
});
