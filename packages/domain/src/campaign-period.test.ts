import { describe, expect, it } from 'vitest';
import { campaignDaysLeft, campaignPhase } from './campaign-period';

const now = new Date('2026-03-10T03:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);
const DAY = 86_400_000;

describe('campaignPhase', () => {
  it('keeps a published campaign open until its end time', () => {
    expect(campaignPhase('published', null, now)).toBe('published');
    expect(campaignPhase('published', after(1), now)).toBe('published');
  });

  it('closes it at its end time and after', () => {
    expect(campaignPhase('published', now, now)).toBe('closed');
    expect(campaignPhase('published', after(-DAY), now)).toBe('closed');
  });

  it('keeps a closed campaign closed whatever its end', () => {
    expect(campaignPhase('closed', null, now)).toBe('closed');
    expect(campaignPhase('closed', after(30 * DAY), now)).toBe('closed');
  });
});

describe('campaignDaysLeft', () => {
  it('counts whole days rounded up', () => {
    expect(campaignDaysLeft('published', after(30 * DAY), now)).toBe(30);
    expect(campaignDaysLeft('published', after(29 * DAY + 1), now)).toBe(30);
    expect(campaignDaysLeft('published', after(DAY), now)).toBe(1);
    expect(campaignDaysLeft('published', after(60_000), now)).toBe(1);
  });

  it('has no count without an end date, or once over', () => {
    expect(campaignDaysLeft('published', null, now)).toBeNull();
    expect(campaignDaysLeft('published', now, now)).toBeNull();
    expect(campaignDaysLeft('closed', after(5 * DAY), now)).toBeNull();
  });
});
