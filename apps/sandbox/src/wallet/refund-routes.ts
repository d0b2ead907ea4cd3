// Refund API: create and get (https://developer.amazon.com/docs/amazon-pay-api-v2/refund.html).
// Refunds settle on the first read after their creation (create-refund.ts, ADR 063).
import type { FastifyInstance } from 'fastify';
import { assertWithinChargeLimit } from './checkout-session';
import { createRefund, refundView, settleRefund } from './create-refund';
import { walletErrors } from './errors';
import { withIdempotency } from './idempotency';
import { createRefundSchema, parseJsonBody, parseWith, toYen } from './request-schemas';
import type { Refund } from './session-store';
import { loadChargePermission, recordActivity, type WalletContext } from './wallet-context';

type WithId = { Params: { id: string } };

export function refundRoutes(app: FastifyInstance, wallet: WalletContext) {
  const { context, store } = wallet;

  app.post('/refunds', async (request, reply) => {
    const answer = withIdempotency(store, request, () => {
      const input = parseWith(createRefundSchema, parseJsonBody(request.body as Buffer | undefined));
      const yen = toYen(input.refundAmount, 'refundAmount');
      if (yen < 1) throw walletErrors.invalidParameter('refundAmount.amount must be at least 1 yen.');
      assertWithinChargeLimit(yen, 'refundAmount');
      const charge = store.charges.get(input.chargeId);
      if (!charge) throw walletErrors.notFound('Charge', input.chargeId);
      const permission = loadChargePermission(wallet, charge.chargePermissionId);
      try {
        const refund = createRefund(store, charge, permission, { yen, softDescriptor: input.softDescriptor ?? null }, context.clock.now());
        recordActivity(wallet, 'refund initiated', `${refund.refundId} ¥${yen} of ${charge.chargeId}`);
        return { status: 201, body: refundView(refund) };
      } catch (error) {
        recordActivity(wallet, 'refund refused', `${charge.chargeId} ¥${yen}: ${(error as Error).message}`);
        throw error;
      }
    });
    return reply.code(answer.status).send(answer.body);
  });

  app.get<WithId>('/refunds/:id', async (request) => {
    const refund = store.refunds.get(request.params.id);
    if (!refund) throw walletErrors.notFound('Refund', request.params.id);
    settleRefunds(wallet, [refund]);
    return refundView(refund);
  });
}

/** Settles refunds under way (the read that finds them is their "later"), logging each change. */
export function settleRefunds(wallet: WalletContext, refunds: Refund[]): void {
  const now = wallet.context.clock.now();
  for (const refund of refunds) {
    if (settleRefund(wallet.store, refund, now)) {
      recordActivity(
        wallet,
        `refund ${refund.state.toLowerCase()}`,
        `${refund.refundId}${refund.reasonCode ? ` (${refund.reasonCode})` : ''}`,
      );
    }
  }
}
