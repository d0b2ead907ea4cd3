import { api } from '@kifu/domain';
import { describe, expect, it } from 'vitest';
import { pageCount, parsePage } from './pagination-math';

describe('pagination math', () => {
  it('counts pages', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
  it('parses the page parameter defensively', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(['2', '5'])).toBe(2);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('1.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage(String(api.PAGE_MAX))).toBe(api.PAGE_MAX);
    expect(parsePage('99999999999')).toBe(1);
  });
});
