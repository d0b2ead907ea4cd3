// The control call of each emulator that holds payments (card, wallet, bank): it is told payments
// made before this sandbox process started — what a real provider would still hold after years —
// so a merchant whose database has them (the demo's seeded gifts, ADR 072) can refund them. Never
// part of a provider's protocol, so no key and no fault injection, like /card/__run-schedules.
// `POST <emulator>/__payment-history {payments: [{id, amount, paid_at, refunded_amount}]}`:
//   - idempotent by id: a payment the emulator already holds is left exactly as it is, so the same
//     history sent again after the merchant restarts adds nothing twice and never undoes a refund
//     made since;
//   - bounded: at most MAX_HISTORY_PAYMENTS a call, ids the provider's paths can carry, yen amounts
//     within a payment's limits, refunded_amount ≤ amount; anything else is a 400 and holds nothing;
//   - no personal data: the history names no payer, card or buyer; each emulator stands in its own
//     neutral values.
// Answers `{held, known}`: how many payments were new, how many were already held.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActivityEntry } from './activity';
import type { SandboxContext } from './context';

export const PAYMENT_HISTORY_PATH = '/__payment-history';
export const MAX_HISTORY_PAYMENTS = 1_000;
/** The largest payment any emulator takes (the bank's account limit is the lowest, ¥9,999,999). */
const MAX_PAYMENT_YEN = 9_999_999;

const pastPayment = z
  .object({
    // URL-safe: the refund calls carry the id in their paths (/charges/:id, /virtual-accounts/:id).
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
    amount: z.number().int().min(1).max(MAX_PAYMENT_YEN),
    paid_at: z.iso.datetime({ offset: true }),
    refunded_amount: z.number().int().min(0),
  })
  .strict()
  .refine((payment) => payment.refunded_amount <= payment.amount, {
    path: ['refunded_amount'],
    message: 'cannot be more than amount',
  });

const historyRequest = z.object({ payments: z.array(pastPayment).max(MAX_HISTORY_PAYMENTS) }).strict();

export interface PastPayment {
  id: string;
  amount: number;
  paidAt: Date;
  refundedAmount: number;
}

/**
 * Registers the emulator's history call. `hold` keeps one payment as the provider would and answers
 * true, or answers false when the emulator already holds that id (and changes nothing).
 */
export function paymentHistoryRoute(
  app: FastifyInstance,
  { context, provider, hold }: { context: SandboxContext; provider: ActivityEntry['provider']; hold: (payment: PastPayment) => boolean },
): void {
  app.post(PAYMENT_HISTORY_PATH, async (request, reply) => {
    const parsed = historyRequest.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({
        error: `expected {payments: at most ${MAX_HISTORY_PAYMENTS} of {id, amount, paid_at, refunded_amount}}`,
        issues: parsed.error.issues.slice(0, 10).map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      });
    }
    let held = 0;
    for (const payment of parsed.data.payments) {
      const kept = hold({
        id: payment.id,
        amount: payment.amount,
        paidAt: new Date(payment.paid_at),
        refundedAmount: payment.refunded_amount,
      });
      if (kept) held++;
    }
    const known = parsed.data.payments.length - held;
    context.activity.record(provider, 'payment history held', `${held} new, ${known} already held`);
    return { held, known };
  });
}

/** The index page's word on an emulator's history call (`path` is where the emulator answers it). */
export function paymentHistoryNote(path: string, refundCall: string): string {
  return `<p>Payments made before the sandbox started (Kifu's demo gifts): <code>POST ${path}</code> with
<code>{"payments":[{"id","amount","paid_at","refunded_amount"}]}</code>, at most ${MAX_HISTORY_PAYMENTS.toLocaleString('en')} a call, holds each
as paid, less what was refunded, so ${refundCall} finds it. Sent again, a payment already held is left as it is. No key, never fault-injected.</p>`;
}
