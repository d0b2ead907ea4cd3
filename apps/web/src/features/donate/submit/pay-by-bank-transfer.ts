// Bank transfer: the gift is started and its virtual account issued at once; the Done screen shows
// the account and deadline, and the bank's deposit settles it later.
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import { bankTransferRequest } from './build-request';
import type { MethodStep, StartedOutcome } from './submit-types';

export async function payByBankTransfer({
  input,
  deps,
  built,
  recaptchaToken,
  session,
  afterStart,
  call,
}: MethodStep): Promise<StartedOutcome> {
  const { values, locale } = input;
  deps.feedback({ kind: 'loading', message: NOTICES.processing[locale] });
  const accessToken = await session();
  const response = await call((key) =>
    deps.api.createBankTransferDonation(bankTransferRequest(built.base, { recaptchaToken }), key, accessToken),
  );
  await afterStart();
  return {
    status: 'paid',
    contribution: {
      donationId: response.donation.id,
      paymentMethod: 'bankTransfer',
      frequency: values.frequency,
      amount: response.virtual_account.amount,
      email: built.email,
      virtualAccount: response.virtual_account,
      statusToken: response.status_token ?? null,
      messageId: response.donation.donation_message?.id ?? null,
    },
  };
}
