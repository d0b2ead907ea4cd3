// The card gateway's part of the sandbox index page: what to type and what happens.
import type { EmulatorOptions } from '../shared/context';
import { escapeHtml } from '../shared/html';
import { PAYMENT_HISTORY_PATH, paymentHistoryNote } from '../shared/payment-history';
import { RUN_SCHEDULES_PATH } from './control-route';
import { MAX_AMOUNT, MIN_AMOUNT } from './create-charge';
import { EXTRA_TRIGGERS, TEST_CARDS } from './test-cards';

const code = (value: string) => `<code>${escapeHtml(value)}</code>`;

export function cardIndexSection({ context }: Pick<EmulatorOptions, 'context'>): string {
  const { config } = context;
  const cards = TEST_CARDS.map(
    (row) =>
      `<tr><td>${escapeHtml(row.outcome)}</td><td>${row.visa.map(code).join('<br>')}</td><td>${row.mastercard.map(code).join('<br>')}</td><td>${row.jcb.map(code).join('<br>')}</td></tr>`,
  ).join('');
  const triggers = EXTRA_TRIGGERS.map((row) => `<tr><td>${escapeHtml(row.trigger)}</td><td>${escapeHtml(row.outcome)}</td></tr>`).join('');
  return `<section><h2>Card payments (Omise-compatible)</h2>
<p>Vault and gateway at the root of this server: ${code('POST /tokens')} (public key ${code(config.CARD_PUBLIC_KEY)}),
${code('/customers')}, ${code('/charges')}, ${code('/schedules')}, ${code('/events')} (secret key ${code(config.CARD_SECRET_KEY)}), HTTP Basic with the key as user name.
The official <code>omise</code> npm SDK works unchanged with <code>host</code>/<code>vaultHost</code> set to this server and <code>scheme: 'http'</code>.
Amounts are yen, ¥${MIN_AMOUNT.toLocaleString('en')} to ¥${MAX_AMOUNT.toLocaleString('en')}.</p>
<h3>Test cards</h3><p>Any future expiry, any security code. Any other valid Visa, Mastercard, JCB or American Express number succeeds.</p>
<table><thead><tr><th>outcome</th><th>Visa</th><th>Mastercard</th><th>JCB</th></tr></thead><tbody>${cards}</tbody></table>
<h3>Sandbox triggers</h3>
<table><thead><tr><th>trigger</th><th>result</th></tr></thead><tbody>${triggers}</tbody></table>
<h3>3-D Secure</h3>
<p>A charge created with ${code('return_uri')} answers ${code("status: 'pending'")} and an ${code('authorize_uri')} on this server: a bank page with
<strong>Authenticate</strong> and <strong>Fail</strong>. Either button decides the charge and redirects to ${code('return_uri')}; the merchant must then
retrieve the charge to learn its status. A charge nobody authenticates expires after 24 hours of sandbox clock, when next read.
Without ${code('return_uri')} the charge is decided at once.</p>
<h3>Schedules and webhooks</h3>
<p>Move the clock with ${code('POST /__control/clock')}, then ${code(`POST ${RUN_SCHEDULES_PATH}`)} charges every due occurrence (failed ones are retried the next
two days, then the schedule is suspended). Every change is an event at ${code('GET /events')}, posted to ${code(config.CARD_WEBHOOK_URL)} with
${code('Omise-Signature')} = hex HMAC-SHA256 of ${code('<Omise-Signature-Timestamp>.<body>')} keyed by the base64-decoded webhook secret.</p>
<h3>Past charges</h3>
${paymentHistoryNote(`/card${PAYMENT_HISTORY_PATH}`, code('POST /charges/:id/refunds'))}
</section>`;
}
