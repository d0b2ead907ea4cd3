// Charge and Charge Permission API: what the merchant calls after checkout, above all the monthly
// charge of a recurring donation (providers.md: the merchant itself calls POST /charges each cycle).
// https://developer.amazon.com/docs/amazon-pay-api-v2/charge.html and charge-permission.html
import type { FastifyInstance } from 'fastify';
import { chargePermissionView, closePermission } from './charge-permission';
import { assertWithinChargeLimit, toMerchantMetadata, toRecurringMetadata } from './checkout-session';
import { captureCharge, chargeView, recordCharge } from './create-charge';
import { refundsOf } from './create-refund';
import { walletErrors } from './errors';
import { withIdempotency } from './idempotency';
import {
  captureChargeSchema,
  closeChargePermissionSchema,
  createChargeSchema,
  parseJsonBody,
  parseWith,
  toYen,
  updateChargePermissionSchema,
} from './request-schemas';
import { settleRefunds } from './refund-routes';
import { loadChargePermission, recordActivity, type WalletContext } from './wallet-context';

type WithId = { Params: { id: string } };

export function chargeRoutes(app: FastifyInstance, wallet: WalletContext) {
  const { context, store } = wallet;

  app.post('/charges', async (request, reply) => {
    const answer = withIdempotency(store, request, () => {
      const input = parseWith(createChargeSchema, parseJsonBody(request.body as Buffer | undefined));
      const permission = loadChargePermission(wallet, input.chargePermissionId);
      if (input.chargeAmount.currencyCode !== 'JPY')
        throw walletErrors.currencyMismatch('chargeAmount.currencyCode must be JPY, the currency of the charge permission.');
      const yen = toYen(input.chargeAmount, 'chargeAmount');
      if (yen < 1) throw walletErrors.invalidParameter('chargeAmount.amount must be at least 1 yen.');
      assertWithinChargeLimit(yen, 'chargeAmount');
      if (permission.state !== 'Chargeable') {
        throw walletErrors.invalidChargePermissionStatus(
          `Charge permission ${permission.chargePermissionId} is ${permission.state}; only a Chargeable permission can be charged.`,
        );
      }
      if (permission.amountLimitYen !== null && permission.chargedYen + yen > permission.amountLimitYen) {
        throw walletErrors.transactionAmountExceeded(
          `The charge exceeds the balance of one-time charge permission ${permission.chargePermissionId}.`,
        );
      }
      const charge = recordCharge(
        store,
        permission,
        {
          yen,
          captureNow: input.captureNow ?? false,
          softDescriptor: input.softDescriptor ?? null,
          merchantMetadata: toMerchantMetadata(input.merchantMetadata),
        },
        context.clock.now(),
      );
      recordActivity(wallet, `charge ${charge.state.toLowerCase()}`, `${charge.chargeId} ¥${yen}`);
      // A synchronous decline (canHandlePendingAuthorization false) is an error answer; it is kept
      // under the idempotency key like a success, so a retry does not try the card again.
      if (charge.state === 'Declined') return { status: 422, body: { reasonCode: 'HardDeclined', message: charge.reasonDescription } };
      return { status: 201, body: chargeView(charge) };
    });
    return reply.code(answer.status).send(answer.body);
  });

  app.get<WithId>('/charges/:id', async (request) => {
    const charge = store.charges.get(request.params.id);
    if (!charge) throw walletErrors.notFound('Charge', request.params.id);
    // Its refunds under way settle first, so refundedAmount is what a later read would show.
    settleRefunds(wallet, refundsOf(store, charge.chargeId));
    return chargeView(charge);
  });

  app.post<WithId>('/charges/:id/capture', async (request, reply) => {
    const answer = withIdempotency(store, request, () => {
      const charge = store.charges.get(request.params.id);
      if (!charge) throw walletErrors.notFound('Charge', request.params.id);
      const input = parseWith(captureChargeSchema, parseJsonBody(request.body as Buffer | undefined));
      if (charge.state !== 'Authorized')
        throw walletErrors.invalidChargeStatus(`Charge ${charge.chargeId} is ${charge.state}; only an Authorized charge can be captured.`);
      const yen = toYen(input.captureAmount, 'captureAmount');
      if (yen < 1 || yen > Number(charge.chargeAmount.amount))
        throw walletErrors.transactionAmountExceeded('captureAmount must be between 1 yen and the authorized chargeAmount.');
      captureCharge(charge, yen, input.softDescriptor ?? null, context.clock.now());
      recordActivity(wallet, 'charge captured', `${charge.chargeId} ¥${yen}`);
      return { status: 200, body: chargeView(charge) };
    });
    return reply.code(answer.status).send(answer.body);
  });

  app.get<WithId>('/chargePermissions/:id', async (request) => chargePermissionView(loadChargePermission(wallet, request.params.id)));

  app.patch<WithId>('/chargePermissions/:id', async (request) => {
    const permission = loadChargePermission(wallet, request.params.id);
    const input = parseWith(updateChargePermissionSchema, parseJsonBody(request.body as Buffer | undefined));
    if (permission.state === 'Closed')
      throw walletErrors.chargePermissionNotModifiable(`Charge permission ${permission.chargePermissionId} is Closed.`);
    if (input.recurringMetadata && permission.chargePermissionType !== 'Recurring') {
      throw walletErrors.invalidParameter('recurringMetadata can only be updated on a Recurring charge permission.');
    }
    const recurringMetadata = input.recurringMetadata ? toRecurringMetadata(input.recurringMetadata) : permission.recurringMetadata;
    permission.recurringMetadata = recurringMetadata;
    permission.merchantMetadata = toMerchantMetadata(input.merchantMetadata, permission.merchantMetadata);
    permission.lastUpdatedAt = context.clock.now();
    recordActivity(wallet, 'charge permission updated', permission.chargePermissionId);
    return chargePermissionView(permission);
  });

  // The SDK closes with DELETE …/close and a JSON body; POST is accepted too for plain clients.
  // Closing an already closed permission answers it unchanged: closing is naturally idempotent.
  const close = async (request: { params: { id: string }; body: unknown }) => {
    const permission = loadChargePermission(wallet, request.params.id);
    const input = parseWith(closeChargePermissionSchema, parseJsonBody(request.body as Buffer | undefined));
    if (permission.state !== 'Closed') {
      closePermission(permission, 'MerchantClosed', input.closureReason ?? null, context.clock.now());
      recordActivity(
        wallet,
        'charge permission closed',
        `${permission.chargePermissionId}${input.closureReason ? `: ${input.closureReason}` : ''}`,
      );
    }
    return chargePermissionView(permission);
  };
  app.delete<WithId>('/chargePermissions/:id/close', close);
  app.post<WithId>('/chargePermissions/:id/close', close);
}
