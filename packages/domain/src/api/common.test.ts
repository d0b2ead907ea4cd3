import { describe, expect, it } from 'vitest';
import { toFieldError } from '../schemas/rule-keys';
import { pageQuery, PAGE_MAX, PAGE_SIZE_MAX, PG_INTEGER_MAX, PG_INTEGER_MIN, ROW_ID_MAX, rowId, rowIdParam, storedInteger } from './common';

const ruleOf = (result: { error?: { issues: Parameters<typeof toFieldError>[0][] } }) =>
  result.error && toFieldError(result.error.issues[0]!).rule;

describe('row ids', () => {
  it('are positive Postgres integers, in a body as numbers and in a path or query as text', () => {
    expect(rowId.parse(1)).toBe(1);
    expect(rowId.parse(ROW_ID_MAX)).toBe(ROW_ID_MAX);
    expect(rowIdParam.parse('2147483647')).toBe(ROW_ID_MAX);
    for (const bad of [ROW_ID_MAX + 1, 1e20, 0, -1, 1.5, '1', null]) expect(ruleOf(rowId.safeParse(bad)), String(bad)).toBe('value');
    for (const bad of ['2147483648', '99999999999999999999', '0', '-1', 'abc', '1.5'])
      expect(ruleOf(rowIdParam.safeParse(bad)), bad).toBe('value');
  });
});

describe('stored whole numbers', () => {
  it('fit a Postgres integer, negative ones included', () => {
    for (const good of [PG_INTEGER_MIN, -1, 0, 1, PG_INTEGER_MAX]) expect(storedInteger.parse(good)).toBe(good);
    for (const bad of [PG_INTEGER_MAX + 1, PG_INTEGER_MIN - 1, 1e20, 1.5, '1', null])
      expect(ruleOf(storedInteger.safeParse(bad)), String(bad)).toBe('value');
  });
});

describe('pages', () => {
  it('stop where the offset would leave a Postgres integer', () => {
    expect((PAGE_MAX - 1) * PAGE_SIZE_MAX).toBeLessThanOrEqual(ROW_ID_MAX);
    expect(pageQuery.parse({ page: String(PAGE_MAX), page_size: '100' })).toEqual({ page: PAGE_MAX, page_size: 100 });
    expect(pageQuery.safeParse({ page: String(PAGE_MAX + 1) }).success).toBe(false);
    expect(pageQuery.safeParse({ page: '9007199254740991' }).success).toBe(false);
  });
});
