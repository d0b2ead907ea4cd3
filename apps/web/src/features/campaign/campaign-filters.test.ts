import { describe, expect, it } from 'vitest';
import { filterQuery, parseCampaignFilters } from './campaign-filters';

describe('parseCampaignFilters', () => {
  it('opens on the open campaigns of every type', () => {
    expect(parseCampaignFilters({})).toEqual({ filters: { type: undefined, status: 'published' }, statusChoice: 'published' });
  });

  it('reads a type and a phase, and all as no phase', () => {
    expect(parseCampaignFilters({ type: '6', status: 'closed' })).toEqual({
      filters: { type: 6, status: 'closed' },
      statusChoice: 'closed',
    });
    expect(parseCampaignFilters({ type: ['2', '3'], status: 'all' })).toEqual({
      filters: { type: 2, status: undefined },
      statusChoice: 'all',
    });
  });

  it('drops what the API would refuse', () => {
    for (const type of ['', '0', '7', 'abc', '6.0', ' 6']) expect(parseCampaignFilters({ type }).filters.type, type).toBeUndefined();
    expect(parseCampaignFilters({ status: 'draft' }).statusChoice).toBe('published');
  });
});

describe('filterQuery', () => {
  it('keeps the chosen filters and leaves the defaults out', () => {
    expect(filterQuery({ type: 6, status: 'closed' }, 'closed')).toEqual({ type: '6', status: 'closed' });
    expect(filterQuery({ status: undefined }, 'all')).toEqual({ status: 'all' });
    expect(filterQuery({ status: 'published' }, 'published')).toEqual({});
  });
});
