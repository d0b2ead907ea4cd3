import { describe, expect, it } from 'vitest';
import { donationEvent, pushToDataLayer } from './donation-analytics';
import { makeTarget } from '../test-fixtures';

describe('the donation analytics event', () => {
  it('names the gift, never the supporter', () => {
    const target = makeTarget({ campaign: { id: 9, title: 'c', status: 'published', rewards: [] } });
    expect(donationEvent({ target, paymentMethod: 'creditCard', frequency: 'monthly', amount: 1000 }, 'failed')).toEqual({
      event: 'donation_submit',
      status: 'failed',
      payment_method: 'creditCard',
      frequency: 'monthly',
      amount: 1000,
      currency: 'JPY',
      associate_id: 1,
      campaign_id: 9,
      portfolio_id: null,
    });
    expect(
      donationEvent(
        {
          target: { ...makeTarget(), portfolio: { id: 4, name: 'p', compositions: [] } },
          paymentMethod: 'bankTransfer',
          frequency: 'single',
          amount: 3000,
        },
        'completed',
      ).portfolio_id,
    ).toBe(4);
  });

  it("is pushed onto the page's dataLayer, which a tag manager may have made already", () => {
    const event = donationEvent({ target: makeTarget(), paymentMethod: 'walletPay', frequency: 'single', amount: 3000 }, 'cancelled');
    const bare: { dataLayer?: object[] } = {};
    pushToDataLayer(bare, event);
    expect(bare.dataLayer).toEqual([event]);
    const tagged = { dataLayer: [{ event: 'gtm.js' }] };
    pushToDataLayer(tagged, event);
    expect(tagged.dataLayer).toEqual([{ event: 'gtm.js' }, event]);
  });
});
