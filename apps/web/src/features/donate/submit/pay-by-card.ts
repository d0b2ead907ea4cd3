// Card (spec §4 "Card path for a guest"): tokenise at the vault (never our servers) unless the
// saved card pays → the card customer (the signed-in supporter's, registered on the user, or a
// guest's) → start the single, monthly or annual gift → 3-D Secure at the card issuer, settled
// on return (settle-card-donation.ts).
import { CARD_CHECK } from '@kifu/domain/catalogue/card-check';
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import type { CardToken } from '../card/card-vault';
import type { DonateApi } from '../donate-api';
import { serialiseFormState } from '../form/form-state-codec';
import { savedCardInUse } from '../supporter/signed-in-flow';
import { cardRequest } from './build-request';
import { reportCardCheckFallback } from './card-check-fallback';
import { cardUpdateFailureMessage, donationFailureMessage } from './failure-messages';
import { fail, type MethodStep, type StartedOutcome } from './submit-types';

/** Form-state writes to the server are a backup of client storage: never hold the redirect long. */
const FORM_STATE_SAVE_TIMEOUT_MS = 3_000;

async function saveFormStateQuietly(
  api: DonateApi,
  donationId: number,
  formState: string,
  statusToken: string | null,
  sleep: (ms: number) => Promise<void>,
) {
  await Promise.race([api.saveFormState(donationId, formState, statusToken).catch(() => undefined), sleep(FORM_STATE_SAVE_TIMEOUT_MS)]);
}

export async function payByCard({
  input,
  deps,
  built,
  recaptchaToken,
  moveRecurring,
  session,
  afterStart,
  call,
  failureContext,
}: MethodStep): Promise<StartedOutcome> {
  const { values, locale, supporter } = input;
  deps.feedback({ kind: 'loading', message: CARD_CHECK.authorizing[locale] });
  const savedCard = savedCardInUse(values, supporter);
  let token: CardToken | undefined;
  if (!savedCard) {
    try {
      token = await deps.tokeniseCard(values);
    } catch (error) {
      reportCardCheckFallback(error, 'tokenise');
      throw fail(donationFailureMessage(error, failureContext), 'info');
    }
  }
  deps.feedback({ kind: 'loading', message: NOTICES.processing[locale] });
  const accessToken = await session();
  let customerId: string;
  let customerHandle: string | undefined;
  if (savedCard) {
    // The saved card: no tokenisation; the user's customer pays (the API checks it is theirs).
    customerId = savedCard.customerCode;
  } else if (accessToken || supporter) {
    // Spec §4: a signed-in supporter's card is registered on the user; its customer pays. The
    // step-4 answer says whether their recurring support moves to it (undefined: none to move).
    try {
      customerId = (
        await deps.api.registerUserCard(
          { token: token!.id, ...(moveRecurring === undefined ? {} : { move_recurring: moveRecurring }) },
          accessToken,
        )
      ).customer_code;
    } catch (error) {
      reportCardCheckFallback(error, 'register_card');
      throw fail(cardUpdateFailureMessage(error, locale), 'info');
    }
  } else {
    ({ customer_id: customerId, customer_handle: customerHandle } = await call((key) =>
      deps.api.createGuestCustomer({ token: token!.id, email: built.email }, key),
    ));
  }
  const formState = serialiseFormState(values);
  const request = cardRequest(built.base, { customerId, customerHandle, clientUri: input.clientUri, recaptchaToken, formState });
  let donationId: number;
  let authorizeUri: string;
  let statusToken: string | null;
  let messageId: number | null;
  if (values.frequency !== 'single') {
    const response = await call((key) =>
      values.frequency === 'annual'
        ? deps.api.createAnnualCardDonation({ ...request, membership_plan_id: Number(values.membershipPlanId) }, key, accessToken)
        : deps.api.createRecurringCardDonation(request, key, accessToken),
    );
    const first = response.recurring_donation.donations[0];
    if (!first) throw fail(DONATION_ERRORS.generic[locale]);
    donationId = first.id;
    authorizeUri = response.authorize_uri;
    statusToken = response.status_token ?? null;
    messageId = first.donation_message?.id ?? null;
  } else {
    const response = await call((key) => deps.api.createCardDonation(request, key, accessToken));
    donationId = response.donation.id;
    authorizeUri = response.authorize_uri;
    statusToken = response.status_token ?? null;
    messageId = response.donation.donation_message?.id ?? null;
  }
  deps.rememberPending({
    donationId,
    statusToken,
    paymentMethod: 'creditCard',
    frequency: values.frequency,
    amount: built.total,
    email: built.email,
    messageId,
  });
  await saveFormStateQuietly(deps.api, donationId, formState, statusToken, deps.sleep);
  await afterStart();
  deps.redirect(authorizeUri);
  return { status: 'redirected', donationId };
}
