// The issuer's 3-D Secure page a charge's authorize_uri points at. The card holder chooses
// "Authenticate" or "Fail"; either way the charge is decided and the browser goes back to the
// merchant's return_uri, which proves nothing by itself: the merchant must retrieve the charge
// (providers.md). Not an API route: no API key, no fault injection, HTML instead of JSON.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CardDeps, StoredCharge } from './card-store';
import { authenticateCharge, refreshCharge } from './charge-lifecycle';
import { escapeHtml, page } from '../shared/html';

type ChargeParams = { Params: { chargeId: string } };

export const THREE_D_SECURE_PATH = '/card/3ds';

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .type('text/html; charset=utf-8')
    .send(body);
}

function bankPage(charge: StoredCharge): string {
  const { card } = charge;
  const validationFails = card.behaviour.kind === '3ds-validation-fails';
  return page(
    '3-D Secure — Kifu sandbox bank',
    `<h1>Sandbox bank · 3-D Secure</h1>
<p>Confirm the payment of <strong>¥${charge.amount.toLocaleString('en')}</strong> to Kifu with your ${escapeHtml(card.brand)} card ending in <strong>${escapeHtml(card.last_digits)}</strong>.</p>
${charge.description ? `<p>${escapeHtml(charge.description)}</p>` : ''}
${validationFails ? '<p><em>This test card fails 3-D Secure validation: the payment will be rejected whichever button you press.</em></p>' : ''}
<form method="post" action="${THREE_D_SECURE_PATH}/${escapeHtml(charge.id)}">
<button type="submit" name="result" value="authenticate" data-primary>Authenticate</button>
<button type="submit" name="result" value="fail">Fail</button>
</form>
<p><small>Charge ${escapeHtml(charge.id)} · this page stands in for the card issuer; nothing here is real.</small></p>`,
  );
}

const messagePage = (title: string, message: string) => page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);

export async function threeDSecurePage(app: FastifyInstance, { deps }: { deps: CardDeps }) {
  const find = (id: string) => {
    const charge = deps.store.charges.get(id);
    return charge ? refreshCharge(deps, charge) : undefined;
  };

  app.get<ChargeParams>(`${THREE_D_SECURE_PATH}/:chargeId`, async (request, reply) => {
    const charge = find(request.params.chargeId);
    if (!charge) return html(reply, 404, messagePage('Payment not found', 'There is no payment to authenticate at this address.'));
    // Already decided (e.g. the Back button): hand the browser back to the merchant.
    if (!charge.awaiting_authentication) {
      if (charge.return_uri) return reply.redirect(charge.return_uri, 302);
      return html(reply, 409, messagePage('Nothing to authenticate', 'This payment does not wait for 3-D Secure.'));
    }
    return html(reply, 200, bankPage(charge));
  });

  app.post<ChargeParams & { Body: { result?: string } | undefined }>(`${THREE_D_SECURE_PATH}/:chargeId`, async (request, reply) => {
    const charge = find(request.params.chargeId);
    if (!charge) return html(reply, 404, messagePage('Payment not found', 'There is no payment to authenticate at this address.'));
    const result = request.body?.result;
    if (result !== 'authenticate' && result !== 'fail')
      return html(reply, 400, messagePage('Choose an answer', 'Press Authenticate or Fail.'));
    authenticateCharge(deps, charge, result === 'authenticate');
    if (!charge.return_uri) return html(reply, 409, messagePage('Nothing to authenticate', 'This payment does not wait for 3-D Secure.'));
    return reply.redirect(charge.return_uri, 302);
  });
}
