// A campaign's promotion code on the donation form (ADR 036): sent trimmed with a campaign
// gift only, and a code the API refuses reads as the spec's message.
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { makeTarget, makeValues } from '../test-fixtures';
import { buildDonation } from './build-request';
import { donationFailureMessage } from './failure-messages';

const campaignTarget = makeTarget({ campaign: { id: 9, title: '冬の食卓', status: 'published', rewards: [] } });

describe('the promotion code', () => {
  it('goes with a campaign gift, trimmed; not when empty, and never with a gift to no campaign', () => {
    expect(buildDonation(makeValues({ promotionCode: ' WINTER500 ' }), campaignTarget, 'ja').base.promotion_code).toBe('WINTER500');
    expect(buildDonation(makeValues({ promotionCode: '  ' }), campaignTarget, 'ja').base).not.toHaveProperty('promotion_code');
    expect(buildDonation(makeValues({ promotionCode: 'WINTER500' }), makeTarget(), 'ja').base).not.toHaveProperty('promotion_code');
  });

  it('refused by the API, reads as the spec says in ja and en', () => {
    const refused = new ApiError(400, 'the promotion code cannot be applied for this campaign', 'validation_failed', {
      promotion_code: ['promotionCode'],
    });
    const context = { method: 'creditCard' as const, target: campaignTarget, values: makeValues(), methodLabel: () => 'カード' };
    expect(donationFailureMessage(refused, { ...context, locale: 'ja' })).toBe(
      'このプロモーションコードはこのキャンペーンには適用できません。',
    );
    expect(donationFailureMessage(refused, { ...context, locale: 'en' })).toBe('The promotion code cannot be applied for this campaign.');
  });
});
