import { describe, expect, it } from 'vitest';
import {
  campaignDateProblems,
  campaignEndDay,
  campaignEndInstant,
  campaignStartDay,
  campaignStartInstant,
  mayCreateCampaignType,
  mayRequestRewardReview,
  unmetReleaseChecks,
  type ReleaseFacts,
} from './campaign-editing';

// 2026-11-25 10:00 in Japan.
const NOW = new Date('2026-11-25T01:00:00Z');

describe('campaign dates', () => {
  it('refuses a day before today in Japan, an end before the start, and more than 365 days', () => {
    expect(campaignDateProblems({ startOn: '2026-11-25', endOn: '2026-12-25' }, NOW)).toEqual({});
    expect(campaignDateProblems({ startOn: '2026-11-24', endOn: '2026-11-24' }, NOW)).toEqual({ start_on: 'pastDate', end_on: 'pastDate' });
    expect(campaignDateProblems({ startOn: '2026-12-10', endOn: '2026-12-01' }, NOW)).toEqual({ end_on: 'endBeforeStart' });
    expect(campaignDateProblems({ startOn: '2026-11-25', endOn: '2027-11-25' }, NOW)).toEqual({});
    expect(campaignDateProblems({ startOn: '2026-11-25', endOn: '2027-11-26' }, NOW)).toEqual({ end_on: 'tooLong' });
  });

  it('keeps a running campaign’s past start as it is', () => {
    expect(campaignDateProblems({ startOn: '2026-10-01', endOn: '2026-12-31' }, NOW, '2026-10-01')).toEqual({});
    expect(campaignDateProblems({ startOn: '2026-10-02', endOn: '2026-12-31' }, NOW, '2026-10-01')).toEqual({ start_on: 'pastDate' });
  });

  it('turns Japan days into instants and back: the end day lasts until its midnight', () => {
    expect(campaignStartInstant('2026-12-01').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(campaignEndInstant('2026-12-01').toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(campaignStartDay(campaignStartInstant('2026-12-01'))).toBe('2026-12-01');
    expect(campaignEndDay(campaignEndInstant('2026-12-01'))).toBe('2026-12-01');
  });
});

describe('who may start which type', () => {
  it('a supporter a birthday or a challenge; a member of the associate any type', () => {
    expect([1, 2, 3, 4, 5, 6].filter((type) => mayCreateCampaignType(type as 1, false))).toEqual([1, 2]);
    expect([1, 2, 3, 4, 5, 6].filter((type) => mayCreateCampaignType(type as 1, true))).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('the reward review and the release checks', () => {
  it('asks for a review only with rewards and none waiting or approved', () => {
    expect(mayRequestRewardReview('none', 0)).toBe(false);
    expect(mayRequestRewardReview('none', 2)).toBe(true);
    expect(mayRequestRewardReview('requested', 2)).toBe(false);
    expect(mayRequestRewardReview('approved', 2)).toBe(false);
    expect(mayRequestRewardReview('rejected', 2)).toBe(true);
  });

  const complete: ReleaseFacts = {
    title: '誕生日キャンペーン',
    summary: 'こども食堂を応援します',
    storyText: '今年の誕生日は、こども食堂を応援する寄付を集めます。',
    hasOwnMainVisual: true,
    goalAmount: 50_000,
    endOn: '2026-12-31',
    rewardCount: 0,
    rewardReview: 'none',
  };

  it('lists what is missing before release', () => {
    expect(unmetReleaseChecks(complete, NOW)).toEqual([]);
    expect(unmetReleaseChecks({ ...complete, title: ' ', storyText: '短い', endOn: '2026-11-24' }, NOW)).toEqual([
      'title',
      'story',
      'endDate',
    ]);
    expect(unmetReleaseChecks({ ...complete, hasOwnMainVisual: false, endOn: null }, NOW)).toEqual(['mainVisual', 'endDate']);
    expect(unmetReleaseChecks({ ...complete, rewardCount: 1, rewardReview: 'requested' }, NOW)).toEqual(['rewardsApproved']);
    expect(unmetReleaseChecks({ ...complete, rewardCount: 1, rewardReview: 'approved' }, NOW)).toEqual([]);
  });
});
