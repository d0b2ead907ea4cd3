import { describe, expect, it } from 'vitest';
import { fundUsagesInOrder, globalConfigUrl, globalConfigValue, usageStatsEnabled } from './site-config';

describe('global configuration values', () => {
  const config = {
    long: ['https://lp.kifu.example', '/associates/'],
    empty: [],
    blank: [''],
    script: ['javascript:alert(1)'],
    word: ['hello'],
  };

  it('joins the parts of an entry into one string (spec §7)', () => {
    expect(globalConfigValue(config, 'long')).toBe('https://lp.kifu.example/associates/');
    expect(globalConfigValue(config, 'word')).toBe('hello');
  });

  it('is undefined for an absent or empty entry, and for inherited names', () => {
    expect(globalConfigValue(config, 'missing')).toBeUndefined();
    expect(globalConfigValue(config, 'empty')).toBeUndefined();
    expect(globalConfigValue(config, 'blank')).toBeUndefined();
    expect(globalConfigValue(config, 'toString')).toBeUndefined();
  });

  it('takes only absolute http(s) URLs as link overrides', () => {
    expect(globalConfigUrl(config, 'long')).toBe('https://lp.kifu.example/associates/');
    expect(globalConfigUrl(config, 'script')).toBeUndefined();
    expect(globalConfigUrl(config, 'word')).toBeUndefined();
    expect(globalConfigUrl(config, 'missing')).toBeUndefined();
  });
});

describe('usage stats switch', () => {
  it('is off for every campaign unless its configuration turns it on (spec §9)', () => {
    expect(usageStatsEnabled(1, undefined)).toBe(false);
    expect(usageStatsEnabled(1, {})).toBe(false);
    expect(usageStatsEnabled(1, { usage_stats_enabled: false })).toBe(false);
    expect(usageStatsEnabled(1, { usage_stats_enabled: true })).toBe(true);
  });
});

describe('funding planned uses in order', () => {
  it('fills each use up to its amount before the next', () => {
    expect(fundUsagesInOrder(150, [100, 100, 50])).toEqual([100, 50, 0]);
    expect(fundUsagesInOrder(1000, [100, 200])).toEqual([100, 200]);
    expect(fundUsagesInOrder(0, [100])).toEqual([0]);
    expect(fundUsagesInOrder(50, [])).toEqual([]);
  });
});
