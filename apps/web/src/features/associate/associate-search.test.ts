import { describe, expect, it } from 'vitest';
import { filtersQuery, hasFilters, parseAssociateSearch, SEARCH_TEXT_MAX } from './associate-search';

describe('associate search query', () => {
  it('reads text, social challenge, organisation type and page', () => {
    expect(parseAssociateSearch({ q: ' 子ども ', social_challenge: 'children', organisation_type: '2', page: '3' })).toEqual({
      q: '子ども',
      socialChallenge: 'children',
      organisationType: 2,
      page: 3,
    });
  });

  it('drops what the API would refuse instead of failing the page', () => {
    expect(parseAssociateSearch({ q: '   ', social_challenge: '../x', organisation_type: '42', page: 'x' })).toEqual({
      q: undefined,
      socialChallenge: undefined,
      organisationType: undefined,
      page: 1,
    });
    expect(parseAssociateSearch({ organisation_type: 'abc' }).organisationType).toBeUndefined();
    expect(parseAssociateSearch({ q: 'あ'.repeat(300) }).q).toHaveLength(SEARCH_TEXT_MAX);
    expect(parseAssociateSearch({ q: ['first', 'second'] }).q).toBe('first');
    expect(parseAssociateSearch({ q: `${'あ'.repeat(SEARCH_TEXT_MAX - 1)}😀` }).q).toBe('あ'.repeat(SEARCH_TEXT_MAX - 1));
    expect(parseAssociateSearch({ q: 'a\u0000b' }).q).toBeUndefined();
  });

  it('writes only the filters that are set back into the query string', () => {
    expect(filtersQuery({ q: 'forest', organisationType: 7 })).toEqual({ q: 'forest', organisation_type: '7' });
    expect(filtersQuery({})).toEqual({});
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ socialChallenge: 'animals' })).toBe(true);
  });
});
