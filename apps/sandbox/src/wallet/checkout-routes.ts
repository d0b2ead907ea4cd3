// Checkout Session API: create, get, update, complete
// (https://developer.amazon.com/docs/amazon-pay-api-v2/checkout-session.html).
import type { FastifyInstance } from 'fastify';
import { assertCreatable, checkoutSessionView, createCheckoutSession } from './checkout-session';
import { completeCheckoutSession } from './complete-checkout-session';
import { withIdempotency } from './idempotency';
import {
  completeCheckoutSessionSchema,
  createCheckoutSessionSchema,
  parseJsonBody,
  parseWith,
  updateCheckoutSessionSchema,
} from './request-schemas';
import type { CheckoutSession } from './session-store';
import { updateCheckoutSession } from './update-checkout-session';
import { loadSession, recordActivity, type WalletContext } from './wallet-context';

type WithId = { Params: { id: string } };

export function checkoutRoutes(app: FastifyInstance, wallet: WalletContext) {
  const { context, store } = wallet;
  const view = (session: CheckoutSession) =>
    checkoutSessionView(session, { publicUrl: context.config.SANDBOX_PUBLIC_URL, mountPath: wallet.mountPath });

  app.post('/checkoutSessions', async (request, reply) => {
    const answer = withIdempotency(store, request, () => {
      const input = parseWith(createCheckoutSessionSchema, parseJsonBody(request.body as Buffer | undefined));
      assertCreatable(input, context.config.WALLET_STORE_ID);
      const session = createCheckoutSession(input, 'PayAndShip', context.clock.now());
      store.sessions.set(session.checkoutSessionId, session);
      recordActivity(wallet, 'checkout session created (API)', `${session.checkoutSessionId} ${session.chargePermissionType}`);
      return { status: 201, body: view(session) };
    });
    return reply.code(answer.status).send(answer.body);
  });

  app.get<WithId>('/checkoutSessions/:id', async (request) => view(loadSession(wallet, request.params.id)));

  app.patch<WithId>('/checkoutSessions/:id', async (request) => {
    const session = loadSession(wallet, request.params.id);
    const input = parseWith(updateCheckoutSessionSchema, parseJsonBody(request.body as Buffer | undefined));
    updateCheckoutSession(session, input, context.clock.now());
    const amount = session.paymentDetails.chargeAmount;
    recordActivity(
      wallet,
      'checkout session updated',
      `${session.checkoutSessionId}${amount ? ` ¥${amount.amount}` : ''} ${session.paymentDetails.paymentIntent ?? ''}`.trim(),
    );
    return view(session);
  });

  app.post<WithId>('/checkoutSessions/:id/complete', async (request, reply) => {
    const answer = withIdempotency(store, request, () => {
      const session = loadSession(wallet, request.params.id);
      const input = parseWith(completeCheckoutSessionSchema, parseJsonBody(request.body as Buffer | undefined));
      try {
        const { charge } = completeCheckoutSession(store, session, input, context.clock.now());
        recordActivity(
          wallet,
          'checkout session completed',
          `${session.checkoutSessionId} → ${session.chargePermissionId}${charge ? ` / ${charge.chargeId} ${charge.state}` : ''}`,
        );
      } catch (error) {
        recordActivity(wallet, 'checkout session not completed', `${session.checkoutSessionId}: ${(error as Error).message}`);
        throw error;
      }
      return { status: 200, body: view(session) };
    });
    return reply.code(answer.status).send(answer.body);
  });
}
