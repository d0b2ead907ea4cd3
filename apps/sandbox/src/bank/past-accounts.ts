// The bank's virtual accounts paid before this sandbox started (shared/payment-history.ts, ADR 072):
// each one paid in full by one deposit at its payment time, with what was sent back as one refund,
// so POST /v1/virtual-accounts/:id/refunds finds it and bounds a new refund by what it still holds.
// The account takes the payment's id as its id and reference and is closed when paid: an old
// account takes no more transfers and stays off the deposit page. No depositor's name travels in
// the history: the deposit and the refund name a neutral stand-in.
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../shared/context';
import { paymentHistoryRoute, type PastPayment } from '../shared/payment-history';
import { DEFAULT_HOLDER } from './bank-identity';
import { newId, type BankStore } from './bank-store';

/** "Past transfer" in the katakana bank statements print: the history knows no depositor. */
export const PAST_DEPOSITOR_NAME = 'カコノフリコミ';

export function holdPastAccount(store: BankStore, payment: PastPayment): boolean {
  if (store.get(payment.id) || store.findByReference(payment.id)) return false;
  const at = payment.paidAt;
  store.add(
    {
      id: payment.id,
      accountNumber: store.allocateAccountNumber(),
      amount: payment.amount,
      // The deadline is unknown; the deposit met it, which is all the account's status needs.
      expiresAt: at,
      holder: { ...DEFAULT_HOLDER },
      reference: payment.id,
      deposits: [{ id: newId('dep'), amount: payment.amount, depositor_name: PAST_DEPOSITOR_NAME, deposited_at: at.toISOString() }],
      refunds:
        payment.refundedAmount > 0
          ? [
              {
                id: newId('rfd'),
                amount: payment.refundedAmount,
                to: PAST_DEPOSITOR_NAME,
                refunded_at: at.toISOString(),
                idempotency_key: `payment-history:${payment.id}`,
              },
            ]
          : [],
      createdAt: at,
      closedAt: at,
      fingerprint: `payment-history:${payment.id}`,
    },
    undefined,
  );
  return true;
}

export async function pastAccountsRoute(app: FastifyInstance, { context, store }: { context: SandboxContext; store: BankStore }) {
  paymentHistoryRoute(app, { context, provider: 'bank', hold: (payment) => holdPastAccount(store, payment) });
}
