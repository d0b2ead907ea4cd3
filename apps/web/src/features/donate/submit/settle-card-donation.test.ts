import { describe, expect, it } from 'vitest';
import { settleCardDonation } from './settle-card-donation';
import { setup } from './submit-test-setup';
import { makeTarget, makeValues } from '../test-fixtures';

describe('settleCardDonation', () => {
  const pending = {
    donationId: 10,
    statusToken: 'st_10',
    paymentMethod: 'creditCard' as const,
    frequency: 'single' as const,
    amount: 3000,
    email: 'hanako@example.com',
  };

  it('polls with the status token and completes on PAID', async () => {
    const { deps, api, feedback, logs, events } = setup();
    const outcome = await settleCardDonation(
      {
        pending,
        target: makeTarget({ campaign: { id: 9, title: 'c', status: 'published', rewards: [] } }),
        values: makeValues(),
        locale: 'ja',
        userId: 7,
      },
      { ...deps, now: () => 0 },
    );
    // The token stays with the contribution: it authorises the Done screen's message.
    expect(outcome).toEqual({ status: 'paid', contribution: { ...pending, virtualAccount: null, messageId: null } });
    expect(api.getStatus).toHaveBeenCalledWith(10, 'st_10');
    expect(feedback.map((entry) => entry.kind)).toEqual(['loading', 'completed']);
    expect(logs).toEqual([expect.objectContaining({ success: true, payment_method: 1, amount: 3000, campaign_id: 9, user_id: 7 })]);
    expect(events).toEqual([
      {
        event: 'donation_submit',
        status: 'completed',
        payment_method: 'creditCard',
        frequency: 'single',
        amount: 3000,
        currency: 'JPY',
        associate_id: 1,
        campaign_id: 9,
        portfolio_id: null,
      },
    ]);
  });

  it('shows the card failure of the detail (insufficient funds)', async () => {
    const { deps, feedback, events } = setup({
      apiOverrides: {
        getStatus: async () => ({
          id: 10,
          result: 'FAILED',
          detail: 'insufficient_fund: insufficient funds in the account',
          payment_method: 'creditCard',
          frequency: 'single',
          amount: 3000,
        }),
      },
    });
    const outcome = await settleCardDonation(
      { pending, target: makeTarget(), values: makeValues(), locale: 'en' },
      { ...deps, now: () => 0 },
    );
    expect(outcome).toEqual({ status: 'failed', message: 'The credit limit of your card has been exceeded.' });
    expect(feedback.at(-1)).toEqual({ kind: 'error', message: 'The credit limit of your card has been exceeded.' });
    expect(events).toMatchObject([{ status: 'failed', payment_method: 'creditCard', amount: 3000 }]);
  });

  it('a tracker that throws changes nothing for the supporter', async () => {
    const { deps, feedback, logs } = setup();
    deps.track = () => {
      throw new Error('tag manager broke');
    };
    const outcome = await settleCardDonation(
      { pending, target: makeTarget(), values: makeValues(), locale: 'ja' },
      { ...deps, now: () => 0 },
    );
    expect(outcome.status).toBe('paid');
    expect(feedback.at(-1)?.kind).toBe('completed');
    expect(logs).toHaveLength(1);
  });
});
