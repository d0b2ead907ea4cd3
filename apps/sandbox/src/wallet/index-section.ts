// The wallet's part of the sandbox index page: the test buyers, the flow, recent sessions and
// refunds, so a person trying Kifu knows whom to "sign in" as and what will happen.
import type { SandboxContext } from '../shared/context';
import { escapeHtml } from '../shared/html';
import { PAYMENT_HISTORY_PATH, paymentHistoryNote } from '../shared/payment-history';
import { settleExpiry } from './checkout-session';
import { DECLINED_REFUND_AMOUNT, settleRefund } from './create-refund';
import type { WalletStore } from './session-store';
import { TEST_BUYERS } from './test-buyers';

/** Each sandbox app's store, so the index page (which only has the context) can list sessions. */
export const walletStores = new WeakMap<SandboxContext, WalletStore>();

export function renderWalletIndexSection(context: SandboxContext): string {
  const buyers = TEST_BUYERS.map(
    (buyer) =>
      `<tr><td>${escapeHtml(buyer.name)}</td><td>${escapeHtml(buyer.email)}</td><td>${escapeHtml(buyer.paymentDescriptor)}</td><td>${escapeHtml(buyer.behaviour)}</td></tr>`,
  ).join('');
  const store = walletStores.get(context);
  const now = context.clock.now();
  const sessions = (store?.recentSessions(10) ?? [])
    .map((session) => {
      settleExpiry(session, now);
      const buyer = TEST_BUYERS.find((candidate) => candidate.key === session.buyerKey);
      return `<tr><td><code>${escapeHtml(session.checkoutSessionId)}</code></td><td>${escapeHtml(session.state)}${session.reasonCode ? ` (${escapeHtml(session.reasonCode)})` : ''}</td><td>${escapeHtml(session.chargePermissionType)}</td><td>${escapeHtml(buyer?.name ?? '—')}</td><td>${session.paymentDetails.chargeAmount ? `¥${escapeHtml(session.paymentDetails.chargeAmount.amount)}` : '—'}</td><td>${escapeHtml(session.chargeId ?? session.chargePermissionId ?? '')}</td></tr>`;
    })
    .join('');
  // Showing a refund is reading it: one still under way settles here as on Get Refund.
  const refunds = (store?.recentRefunds(10) ?? [])
    .map((refund) => {
      if (store) settleRefund(store, refund, now);
      return `<tr><td><code>${escapeHtml(refund.refundId)}</code></td><td><code>${escapeHtml(refund.chargeId)}</code></td><td>¥${escapeHtml(refund.refundAmount.amount)}</td><td>${escapeHtml(refund.state)}${refund.reasonCode ? ` (${escapeHtml(refund.reasonCode)})` : ''}</td></tr>`;
    })
    .join('');
  return `<section><h2>Wallet pay (Amazon Pay Checkout v2-like)</h2>
<p>Button script <code>/wallet/checkout.js</code> (<code>KifuWalletPay.renderButton</code>, like <code>amazon.Pay.renderButton</code>); merchant API at
<code>/wallet/v2/…</code> and <code>/wallet/sandbox/v2/…</code>, every call signed with <code>AMZN-PAY-RSASSA-PSS-V2</code> (or the older <code>AMZN-PAY-RSASSA-PSS</code>) and the merchant's private key.</p>
<h3>Test buyers</h3>
<table><thead><tr><th>name</th><th>email</th><th>payment method</th><th>what happens</th></tr></thead><tbody>${buyers}</tbody></table>
<h3>Flow</h3>
<ol><li>The donation page renders the button with a signed payload; the click opens the wallet page, which checks the signature and creates the checkout session.</li>
<li>Pick a test buyer (or cancel) → back to the merchant's <code>checkoutReviewReturnUrl?amazonCheckoutSessionId=…</code>.</li>
<li>The merchant reads the buyer, then sets the amount and <code>checkoutResultReturnUrl</code> (PATCH) and sends the buyer to <code>amazonPayRedirectUrl</code>.</li>
<li>The buyer approves (a declining buyer's session ends Canceled / Declined) → <code>checkoutResultReturnUrl?amazonCheckoutSessionId=…</code>.</li>
<li>The merchant completes the session: Completed with a charge permission and a charge. Monthly donations then charge with <code>POST /charges</code> until the permission is closed.</li>
<li>A captured charge can be refunded in full or in parts (<code>POST /refunds</code>), up to 15% or ¥8,400 (whichever is less) above the capture. A refund answers RefundInitiated and is Refunded at the next read (<code>GET /refunds/:id</code> or its charge); a refund of exactly ¥${DECLINED_REFUND_AMOUNT.toLocaleString('en-US')} ends Declined (AmazonRejected).</li></ol>
<p>Sessions still Open 24 hours after creation (sandbox clock) become Canceled / Expired. Maximum ¥10,000,000 per charge.</p>
${paymentHistoryNote(`/wallet${PAYMENT_HISTORY_PATH}`, '<code>POST /refunds</code> of the charge')}
<h3>Recent checkout sessions</h3>
${sessions ? `<table><thead><tr><th>id</th><th>state</th><th>type</th><th>buyer</th><th>amount</th><th>charge</th></tr></thead><tbody>${sessions}</tbody></table>` : '<p>None yet.</p>'}
<h3>Recent refunds</h3>
${refunds ? `<table><thead><tr><th>id</th><th>charge</th><th>amount</th><th>state</th></tr></thead><tbody>${refunds}</tbody></table>` : '<p>None yet.</p>'}
</section>`;
}
