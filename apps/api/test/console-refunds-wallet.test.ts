// Refunds of wallet gifts from the console (ADR 064, ADR 063): the wallet provider answers a refund
// as under way and settles it later, so the refund stays pending until the job reads it again —
// completed once it is refunded, failed with the provider's reason when it is declined.
import { randomUUID } from 'node:crypto';
import type { api } from '@kifu/domain';
import { describe, expect, it } from 'vitest';
import { retryPendingRefunds } from '../src/console/refund-gift';
import { refundDeps } from '../src/console/refund-jobs';
import { demoSignIn } from './helpers/demo-sign-in';
import { clientAddress, donationRow, mailsTo, submit } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startWalletSandbox, TEST_WEB_ORIGIN } from './helpers/start-wallet-sandbox';
import { approvedDonation, COMPLETE } from './helpers/wallet-donation';

const h = sandboxTestApp({ startSandbox: startWalletSandbox, env: { WEB_ORIGIN: TEST_WEB_ORIGIN, BOT_CHECK_ENABLED: 'false' } });

async function paidWalletGift(amount: number) {
  const { sessionId, updated, request } = await approvedDonation(h.t, h.sandbox, 'taro', 'single', { amount });
  expect((await submit(h.t, COMPLETE.single, { checkout_session_id: sessionId })).body).toMatchObject({ result: 'PAID' });
  return { id: updated.id, email: request.donor.email };
}

async function refund(donationId: number, amount: number) {
  const { token } = await demoSignIn(h.t, 'hanako');
  const response = await h.t.app.inject({
    method: 'POST',
    url: `/associate/kodomo-shokudo-mirai/console/gifts/${donationId}/refunds/`,
    headers: { authorization: `Bearer ${token}` },
    payload: { amount, reason: '二重のお申し込み', request_key: randomUUID() },
    remoteAddress: clientAddress(),
  });
  return response.json() as api.GiftRefund;
}

const later = () => new Date(Date.now() + 5 * 60_000);

describe('refunding a wallet gift', () => {
  it('stays pending while the wallet works on it, and completes once it says refunded', async () => {
    const gift = await paidWalletGift(3_000);
    expect(await refund(gift.id, 1_000)).toMatchObject({ status: 'pending', error: null });
    expect((await donationRow(h.t, gift.id)).refundedAmount).toBe(0);
    expect(await retryPendingRefunds(refundDeps(h.t.app), later())).toMatchObject({ completed: 1 });
    expect(await donationRow(h.t, gift.id)).toMatchObject({ status: 'paid', refundedAmount: 1_000 });
    expect((await mailsTo(h.t, gift.email)).filter((mail) => mail.template === 'gift-refunded')).toHaveLength(1);
  });

  it('fails with the reason when the wallet declines the refund', async () => {
    // The sandbox declines a refund of ¥4,040 (ADR 063).
    const gift = await paidWalletGift(4_040);
    expect((await refund(gift.id, 4_040)).status).toBe('pending');
    expect(await retryPendingRefunds(refundDeps(h.t.app), later())).toMatchObject({ failed: 1 });
    expect(await donationRow(h.t, gift.id)).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });
});
