// How a wallet provider failure leaves a route (spec §8 "rejected by the wallet payment provider",
// "wallet profile fetch"). The web picks its ja/en message by matching words of `detail`
// (packages/domain donation-errors.ts): a refusal carries "wallet" and the provider's own words, so
// a decline ("…reasonCode Declined", HardDeclined) reads as the wallet rejection and any other
// refusal as the generic error; outages are 502 and say "timed out" when they did.
import { AppError } from '../../lib/app-error';
import { ProviderError, providerErrorToAppError } from '../../providers/provider-error';

/** Reason codes of a payment the buyer's payment method refused. */
const DECLINE_CODES = new Set(['HardDeclined', 'SoftDeclined', 'ProcessingFailure']);

/** The provider refused the money itself (not our request): show the wallet rejection message. */
export function isWalletDecline(error: ProviderError): boolean {
  return DECLINE_CODES.has(error.code) || (error.code === 'CheckoutSessionCanceled' && /\bDeclined\b/.test(error.message));
}

export function walletFailureToAppError(error: ProviderError): AppError {
  if (error.httpStatus === 404 && error.code === 'ResourceNotFound')
    return new AppError('not_found', `wallet ${error.code}: ${error.message}`);
  if (isWalletDecline(error))
    return new AppError('unprocessable', `wallet ${error.code}: rejected by the wallet payment provider (declined)`);
  if (error.rejectedRequest) return new AppError('unprocessable', `wallet ${error.code}: ${error.message}`);
  return providerErrorToAppError(error);
}
