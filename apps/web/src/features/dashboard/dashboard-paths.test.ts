import { describe, expect, it } from 'vitest';
import { dashboardPath, sectionOf } from './dashboard-paths';

describe('dashboard paths', () => {
  it('read the sub-page from the path; reports own report/create and report/{id}; anything else is the overview', () => {
    expect(sectionOf(['campaign', 'setting'])).toBe('campaign/setting');
    expect(sectionOf(['campaign'])).toBe('campaign');
    expect(sectionOf(['report', 'create'])).toBe('report');
    expect(sectionOf(['report', '12'])).toBe('report');
    expect(sectionOf(['message'])).toBe('message');
    expect(sectionOf([])).toBe('campaign');
    expect(sectionOf(['nothing', 'here'])).toBe('campaign');
    expect(dashboardPath(3, 'campaign/body')).toBe('/campaign/3/dashboard/campaign/body');
  });
});
