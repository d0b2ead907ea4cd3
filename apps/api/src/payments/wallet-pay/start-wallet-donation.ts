// Wallet pay donations (spec §4 "Wallet payment: create a single or monthly donation (not annual);
// the result is PAID with a redirect address"; §7 the wallet-pay update and complete calls;
// providers.md "Wallet pay"; architecture.md §4: button → checkout → review → update → result →
// complete). The state machine of a wallet donation:
//
//   (update call)   recorded 'authorizing', payment_id = checkout session id, reward reserved
//                   (monthly: a 'pending' recurring donation) ─▶ updateCheckoutSession(amount)
//                   update refused or unanswered ─▶ failed (fail-donation.ts), reward released
//   (complete call) authorizing ── Completed ─────────────▶ paid (commission, transfer amount,
//                                                           thank-you mail; monthly: recurring
//                                                           active with its charge permission)
//                   authorizing ── Canceled (Declined) ───▶ failed     422 "…rejected by the wallet…"
//                   authorizing ── Canceled (other) ──────▶ cancelled  422
//                   paid ── complete again ───────────────▶ the same PAID answer (nothing charged)
//                   failed | cancelled ── complete again ─▶ the same 422
// Every change is a conditional UPDATE on 'authorizing', so concurrent completions settle once;
// the provider call carries an idempotency key derived from the donation id, so a retried
// completion replays the provider's first answer instead of charging twice.
import { api, japanIsoDate, nextMonthlyCharge, type Frequency } from '@kifu/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { donations, recurringDonations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { paidAmounts } from '../../donations/paid-amounts';
import { isWalletDecline, walletFailureToAppError } from './wallet-provider-failure';
import { walletReturnUrl } from './wallet-return-urls';
import { ProviderError } from '../../providers/provider-error';
import { WALLET_PROVIDER, type WalletCheckoutSession, type WalletGateway } from '../../providers/wallet/wallet-gateway';
import { checkWalletDonationRequest } from '../../donations/check-donation-request';
import { failUnstartedDonation } from '../../donations/fail-donation';
import { recordDonation } from '../../donations/record-donation';
import { applySettlementEffects, type SettlementContext } from '../../donations/settle-donation-effects';
import { saveWalletFormState } from './wallet-form-state';
import type { DonationMetrics } from '../../metrics/api-metrics';

/** What a wallet donation needs of the app (payments/wallet-pay/wallet-donation-routes.ts builds it). */
export interface WalletDonationDeps {
  db: Database;
  gateway: WalletGateway;
  log: FastifyBaseLogger;
  /** Where the provider sends the buyer back (WEB_ORIGIN). */
  webOrigin: string;
  /** The app's donation counters (ADR 048). */
  metrics: DonationMetrics;
}

type WalletRequest = z.output<typeof api.recurringWalletPayDonationRequest>;
type WalletFrequency = Exclude<Frequency, 'annual'>;
type DonationStatus = (typeof donations.$inferSelect)['status'];

/** The provider's reason codes a failed wallet donation records (isWalletDecline's vocabulary). */
const DECLINED_REASONS = new Set(['Declined', 'HardDeclined', 'SoftDeclined', 'ProcessingFailure']);

/** The provider idempotency key of a donation's completion: one per donation, so retries replay. */
export const walletCompletionKey = (donationId: number) => `donation:${donationId}:complete-checkout-session`;

async function viaProvider<T>(deps: WalletDonationDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ provider: error.provider, code: error.code, httpStatus: error.httpStatus }, 'wallet provider call failed');
    throw walletFailureToAppError(error);
  }
}

async function checkSession(deps: WalletDonationDeps, sessionId: string, frequency: WalletFrequency): Promise<WalletCheckoutSession> {
  const session = await viaProvider(deps, () => deps.gateway.getCheckoutSession(sessionId));
  const field = { 'wallet_pay.checkout_session_id': ['value'] };
  if (session.state !== 'Open')
    throw new AppError(
      'unprocessable',
      `wallet checkout session ${sessionId} is ${session.state}${session.reasonCode ? ` (${session.reasonCode})` : ''}`,
    );
  const expected = frequency === 'monthly' ? 'Recurring' : 'OneTime';
  if (session.chargePermissionType !== expected) {
    throw new AppError(
      'validation_failed',
      `a ${frequency} donation needs a ${expected} wallet checkout, not ${session.chargePermissionType}`,
      field,
    );
  }
  const [taken] = await deps.db
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.paymentProvider, WALLET_PROVIDER), eq(donations.paymentId, sessionId)))
    .limit(1);
  if (taken) throw new AppError('conflict', `wallet checkout session ${sessionId} already belongs to donation ${taken.id}`);
  return session;
}

/** POST /donation/[recurring/]wallet-pay/update-checkout-session/. */
async function startWalletDonation(
  deps: WalletDonationDeps,
  request: WalletRequest,
  userId: number | undefined,
  frequency: WalletFrequency,
): Promise<api.WalletPayDonationResponse> {
  const checked = checkWalletDonationRequest(request, frequency);
  const { checkout_session_id: sessionId, form_state: formState } = request.wallet_pay;
  await checkSession(deps, sessionId, frequency);
  const now = new Date();
  const recorded = await recordDonation(deps.db, {
    request: { ...request, form_state: request.form_state ?? formState.state },
    checked,
    method: 'walletPay',
    status: 'authorizing',
    paymentProvider: WALLET_PROVIDER,
    paymentId: sessionId,
    userId,
    now,
    metrics: deps.metrics,
    ...(frequency === 'monthly'
      ? {
          recurring: {
            period: 'monthly',
            membershipPlanId: null,
            customerId: null,
            agency: request.agency_commission_code ?? null,
            startDate: japanIsoDate(now),
          },
        }
      : {}),
  });
  await saveWalletFormState(deps.db, formState.donate_session_key, formState.state, {
    donationId: recorded.donationId,
    recurringDonationId: recorded.recurringDonationId,
    associateId: request.associate_id,
    campaignId: request.campaign_id,
    userId: userId ?? null,
  });

  let redirectUrl: string | null;
  try {
    const updated = await deps.gateway.updateCheckoutSession(sessionId, {
      amount: checked.chargedAmount,
      checkoutResultReturnUrl: walletReturnUrl('checkout-result', {
        webOrigin: deps.webOrigin,
        locale: request.lang,
        donateSessionKey: formState.donate_session_key,
      }),
      monthly: frequency === 'monthly',
      merchantReferenceId: `donation-${recorded.donationId}`,
    });
    redirectUrl = updated.redirectUrl;
  } catch (error) {
    // Nobody was sent to approve anything: the donation never started.
    await failUnstartedDonation(deps.db, recorded.donationId, error instanceof ProviderError ? error.code : 'wallet_error', deps);
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn(
      { donationId: recorded.donationId, code: error.code, httpStatus: error.httpStatus },
      'wallet checkout session could not be updated',
    );
    throw walletFailureToAppError(error);
  }
  if (!redirectUrl) {
    await failUnstartedDonation(deps.db, recorded.donationId, 'no_redirect_url', deps);
    throw new AppError('bad_gateway', `wallet checkout session ${sessionId} has no redirect URL after the update`);
  }
  return {
    id: recorded.donationId,
    wallet_pay: { redirect_url: redirectUrl },
    recurring_donation_id: recorded.recurringDonationId,
    status_token: recorded.statusToken,
  };
}

export function startSingleWalletDonation(
  deps: WalletDonationDeps,
  request: z.output<typeof api.walletPayDonationRequest>,
  userId: number | undefined,
) {
  return startWalletDonation(deps, request, userId, 'single');
}

export function startMonthlyWalletDonation(deps: WalletDonationDeps, request: WalletRequest, userId: number | undefined) {
  return startWalletDonation(deps, request, userId, 'monthly');
}

type Settlement = { status: 'paid'; session: WalletCheckoutSession; paidAt: Date } | { status: 'failed' | 'cancelled'; reason: string };

/** Moves an authorizing wallet donation once, with its effects, in one transaction; false when it had already moved. */
async function settleWalletDonation(
  db: Database,
  donationId: number,
  settlement: Settlement,
  context: SettlementContext,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(donations)
      .set(
        settlement.status === 'paid'
          ? { status: 'paid', paidAt: settlement.paidAt, reasonOfPaymentFailed: null, updatedAt: sql`now()` }
          : { status: settlement.status, reasonOfPaymentFailed: settlement.reason, updatedAt: sql`now()` },
      )
      .where(and(eq(donations.id, donationId), eq(donations.status, 'authorizing')))
      .returning({
        id: donations.id,
        amount: donations.amount,
        campaignId: donations.campaignId,
        recurringDonationId: donations.recurringDonationId,
      });
    if (!updated) return false;
    if (settlement.status === 'paid') {
      await tx.update(donations).set(paidAmounts(updated)).where(eq(donations.id, updated.id));
      if (updated.recurringDonationId !== null) {
        const next = nextMonthlyCharge(settlement.paidAt);
        await tx
          .update(recurringDonations)
          .set({
            status: 'active',
            paymentProvider: WALLET_PROVIDER,
            walletPayChargePermissionId: settlement.session.chargePermissionId,
            walletPayData: { checkout_session_id: settlement.session.id, charge_id: settlement.session.chargeId },
            onDays: [next.day],
            nextOccurrenceDate: next.on,
            lastChargedAt: settlement.paidAt,
            updatedAt: sql`now()`,
          })
          .where(and(eq(recurringDonations.id, updated.recurringDonationId), eq(recurringDonations.status, 'pending')));
      }
    }
    await applySettlementEffects(tx, { donationId, status: settlement.status }, context);
    return true;
  });
}

function refusal(status: DonationStatus, reason: string | null): AppError {
  if (reason !== null && DECLINED_REASONS.has(reason))
    return new AppError('unprocessable', `wallet ${reason}: rejected by the wallet payment provider (declined)`);
  return new AppError('unprocessable', `wallet checkout ${status}${reason ? ` (${reason})` : ''}`);
}

/** Why the provider canceled a session, as far as it can tell now. */
async function cancelReasonOf(deps: WalletDonationDeps, sessionId: string, error: ProviderError): Promise<string> {
  try {
    return (await deps.gateway.getCheckoutSession(sessionId)).reasonCode ?? error.code;
  } catch {
    return isWalletDecline(error) ? 'Declined' : error.code;
  }
}

/** POST /donation/[recurring/]wallet-pay/complete-checkout-session/. */
async function completeWalletDonation(
  deps: WalletDonationDeps,
  sessionId: string,
  recurring: boolean,
): Promise<api.WalletPayCompleteResponse> {
  const find = async () =>
    (
      await deps.db
        .select()
        .from(donations)
        .where(and(eq(donations.paymentProvider, WALLET_PROVIDER), eq(donations.paymentId, sessionId)))
        .limit(1)
    )[0];
  const donation = await find();
  if (!donation || donation.isRecurring !== recurring)
    throw new AppError('not_found', `no ${recurring ? 'monthly' : 'single'} wallet donation for checkout session ${sessionId}`);
  const paid = { id: donation.id, result: 'PAID' as const, amount: donation.amount, recurring_donation_id: donation.recurringDonationId };
  if (donation.status === 'paid') return paid;
  if (donation.status !== 'authorizing') throw refusal(donation.status, donation.reasonOfPaymentFailed);

  let session: WalletCheckoutSession;
  try {
    session = await deps.gateway.completeCheckoutSession(sessionId, donation.amount, walletCompletionKey(donation.id));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ donationId: donation.id, code: error.code, httpStatus: error.httpStatus }, 'wallet checkout could not be completed');
    if (isWalletDecline(error) || error.code === 'CheckoutSessionCanceled') {
      const reason = await cancelReasonOf(deps, sessionId, error);
      const declined = isWalletDecline(error) || DECLINED_REASONS.has(reason);
      await settleWalletDonation(
        deps.db,
        donation.id,
        {
          status: declined ? 'failed' : 'cancelled',
          reason: declined && !DECLINED_REASONS.has(reason) ? 'Declined' : reason,
        },
        deps,
      );
      const settled = await find();
      if (settled?.status === 'paid') return paid;
      throw refusal(settled?.status ?? 'failed', settled?.reasonOfPaymentFailed ?? reason);
    }
    // Not an answer about the money (an outage, a mismatch): the donation waits for a retry.
    throw walletFailureToAppError(error);
  }
  if (session.state !== 'Completed')
    throw new AppError('bad_gateway', `wallet checkout session ${sessionId} is ${session.state} after completing`);
  await settleWalletDonation(deps.db, donation.id, { status: 'paid', session, paidAt: new Date() }, deps);
  const settled = await find();
  if (settled?.status !== 'paid') throw refusal(settled?.status ?? 'failed', settled?.reasonOfPaymentFailed ?? null);
  return paid;
}

export function completeSingleWalletDonation(deps: WalletDonationDeps, request: z.output<typeof api.walletPayCompleteRequest>) {
  return completeWalletDonation(deps, request.checkout_session_id, false);
}

export function completeMonthlyWalletDonation(deps: WalletDonationDeps, request: z.output<typeof api.walletPayCompleteRequest>) {
  return completeWalletDonation(deps, request.checkout_session_id, true);
}
