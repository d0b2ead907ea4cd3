// The provider's buyer-facing pages (HTML): sign in as a test buyer, approve or cancel the payment.
// Bilingual labels; ids and names are escaped (shared/html.ts).
import { escapeHtml, page } from '../shared/html';
import { formatYen } from './amazon-format';
import type { Constraint } from './checkout-session';
import type { CheckoutSession } from './session-store';
import { TEST_BUYERS, type TestBuyer } from './test-buyers';

function hidden(name: string, value: string | undefined): string {
  return value ? `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">` : '';
}

function cancelForm(action: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit" data-action="cancel">キャンセル / Cancel</button></form>`;
}

export function errorPage(title: string, message: string): string {
  return page(`Wallet Pay sandbox — ${title}`, `<h1>${escapeHtml(title)}</h1><p data-error>${escapeHtml(message)}</p>`);
}

export function signInPage(session: CheckoutSession, actions: { signIn: string; cancel: string }, productType: string | undefined): string {
  const store = session.merchantMetadata.merchantStoreName;
  const buyers = TEST_BUYERS.map(
    (
      buyer,
    ) => `<li><form method="post" action="${escapeHtml(actions.signIn)}">${hidden('buyer', buyer.key)}${hidden('productType', productType)}
<strong>${escapeHtml(buyer.name)}</strong> &lt;${escapeHtml(buyer.email)}&gt;<br>${escapeHtml(buyer.paymentDescriptor)} — ${escapeHtml(buyer.behaviour)}<br>
<button type="submit" data-primary data-buyer="${escapeHtml(buyer.key)}">この購入者で続ける / Continue</button></form></li>`,
  ).join('');
  return page(
    'Wallet Pay sandbox — sign in',
    `<h1>ウォレットペイ（サンドボックス）</h1>
<p>${store ? `${escapeHtml(store)} — ` : ''}テスト購入者を選んでください / Choose a test buyer.</p>
<p><small>checkout session <code>${escapeHtml(session.checkoutSessionId)}</code> (${escapeHtml(session.chargePermissionType)})</small></p>
<ul>${buyers}</ul>
${cancelForm(actions.cancel)}`,
  );
}

export function confirmPage(session: CheckoutSession, buyer: TestBuyer, actions: { confirm: string; cancel: string }): string {
  const yen = Number(session.paymentDetails.chargeAmount!.amount);
  const recurring =
    session.chargePermissionType === 'Recurring'
      ? ` （毎${session.recurringMetadata?.frequency.unit === 'Month' ? '月' : '回'} / recurring）`
      : '';
  const note = session.merchantMetadata.noteToBuyer ? `<p>${escapeHtml(session.merchantMetadata.noteToBuyer)}</p>` : '';
  const store = session.merchantMetadata.merchantStoreName ?? 'Kifu';
  return page(
    'Wallet Pay sandbox — confirm payment',
    `<h1>お支払いの確認 / Confirm payment</h1>
<p>${escapeHtml(store)}: <strong data-amount="${yen}">${escapeHtml(formatYen(yen))}</strong>${escapeHtml(recurring)}</p>${note}
<p>${escapeHtml(buyer.name)} — ${escapeHtml(buyer.paymentDescriptor)}</p>
<p><small>${escapeHtml(buyer.behaviour)}</small></p>
<form method="post" action="${escapeHtml(actions.confirm)}"><button type="submit" data-primary data-action="pay">支払う / Pay</button></form>
${cancelForm(actions.cancel)}`,
  );
}

export function notPayablePage(session: CheckoutSession, constraints: Constraint[]): string {
  if (session.state !== 'Open') {
    return errorPage(
      'This checkout has ended',
      `The checkout session is ${session.state}${session.reasonCode ? ` (${session.reasonCode})` : ''}. Start again from the merchant's page.`,
    );
  }
  return errorPage(
    'This checkout is not ready',
    `The merchant has not finished setting up the payment: ${constraints.map((constraint) => constraint.constraintId).join(', ')}.`,
  );
}
