// Wallet pay, from its review page (spec §4 step 6): the update call answers the provider's page
// where the buyer approves the amount; the result page completes the gift (wallet-pay/).
import { READINESS_GAP_MESSAGES } from '@kifu/domain/catalogue/form-messages';
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import { asWalletFrequency } from '../wallet-pay/wallet-api';
import { walletDonationRequest } from '../wallet-pay/wallet-donation';
import { walletFormStateOf } from '../wallet-pay/wallet-state';
import { fail, type MethodStep, type StartedOutcome } from './submit-types';

export async function payByWallet({ input, deps, built, recaptchaToken, call }: MethodStep): Promise<StartedOutcome> {
  const { values, locale } = input;
  // Spec §4 step 6: the update call answers the provider's page where the buyer approves the amount.
  const { walletApi } = deps;
  if (!input.wallet || !walletApi) throw fail(READINESS_GAP_MESSAGES.checkoutSessionId[locale]);
  deps.feedback({ kind: 'loading', message: NOTICES.processing[locale] });
  const state = walletFormStateOf(input.target, values, { names: input.wallet.names, buyerEmail: built.email });
  const body = walletDonationRequest(built.base, input.wallet, { recaptchaToken, state });
  const response = await call((key) =>
    walletApi.startDonation(asWalletFrequency(values.frequency), body, key, input.accessToken ?? undefined),
  );
  deps.rememberPending({
    donationId: response.id,
    statusToken: response.status_token ?? null,
    paymentMethod: 'walletPay',
    frequency: values.frequency,
    amount: built.total,
    email: built.email,
  });
  deps.redirect(response.wallet_pay.redirect_url);
  return { status: 'redirected', donationId: response.id };
}
