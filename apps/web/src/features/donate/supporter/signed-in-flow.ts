// The signed-in supporter's part of the donation flow (spec §4): step 4, asking whether the
// recurring support on the saved card moves to a newly entered card, and, after a successful
// start, updating the private profile when the entered one differs. The calls carry the session
// cookie through the /backend proxy (or the sign-up's token); see signed-in-supporter.ts.
import type { CardRecurringDonationsResponse } from '@kifu/domain/api/user-card';
import type { RecurringDonationItem } from '@/components/ui/confirm-dialogs';
import type { ApiClient } from '@/lib/api-client';
import type { PrivateProfileBody } from '../donate-api';
import type { DonateFormValues } from '../form/field-values';
import { offeredSavedCard, profileUpdateFor, type SavedCardView, type SignedInSupporter } from './signed-in-supporter';

export interface SupporterApi {
  /** GET /donation/recurring/my_donation/count-card-active/ */
  activeCardRecurring(): Promise<CardRecurringDonationsResponse>;
  /** PUT /user/private_profile/update_me/ */
  updatePrivateProfile(body: PrivateProfileBody): Promise<void>;
}

export function createSupporterApi(client: ApiClient, lang: string): SupporterApi {
  return {
    activeCardRecurring: () =>
      client.get<CardRecurringDonationsResponse>('/donation/recurring/my_donation/count-card-active/', {
        query: { lang },
        init: { cache: 'no-store' },
      }),
    async updatePrivateProfile(body) {
      await client.request('PUT', '/user/private_profile/update_me/', { body });
    },
  };
}

export interface SupporterFlowDeps {
  supporterApi: SupporterApi;
  /** The global card-switch dialog (spec §2): true or false only. */
  confirmCardSwitch(items: RecurringDonationItem[]): Promise<boolean>;
}

/** The saved card this card gift pays with, or undefined when a new card is to be entered (none, an expired one, or a new one chosen). */
export function savedCardInUse(
  values: Pick<DonateFormValues, 'paymentMethod' | 'useSavedCard'>,
  supporter: SignedInSupporter | null | undefined,
): SavedCardView | undefined {
  if (values.paymentMethod !== 'creditCard' || !values.useSavedCard) return undefined;
  return offeredSavedCard(supporter);
}

/** The dialog's items: the organisation (or portfolio) and the supporter name. */
export function cardSwitchItems(response: CardRecurringDonationsResponse): RecurringDonationItem[] {
  return response.recurring_donations.map((item) => ({
    associateName: item.associate_name || item.portfolio_name,
    donorName: item.recurring_donation_name,
  }));
}

/**
 * Spec §4 step 4: for a card gift with a new card while a saved card exists, the active recurring
 * support on the saved card; if there is any, whether to move it to the new card. Undefined when
 * the question does not arise. A failed fetch rejects: the caller must not guess.
 */
export async function askCardSwitch(
  values: Pick<DonateFormValues, 'paymentMethod' | 'useSavedCard'>,
  supporter: SignedInSupporter | null | undefined,
  deps: Partial<SupporterFlowDeps>,
): Promise<boolean | undefined> {
  if (
    values.paymentMethod !== 'creditCard' ||
    !supporter?.savedCard ||
    savedCardInUse(values, supporter) ||
    !deps.supporterApi ||
    !deps.confirmCardSwitch
  )
    return undefined;
  const active = await deps.supporterApi.activeCardRecurring();
  if (active.recurring_donations.length === 0) return undefined;
  return deps.confirmCardSwitch(cardSwitchItems(active));
}

/** Profile writes must never hold the redirect long nor fail the gift. */
const PROFILE_UPDATE_TIMEOUT_MS = 3_000;

/** Spec §4: after a successful start, the private profile follows what was entered; failures are ignored. */
export async function updateProfileQuietly(
  supporter: SignedInSupporter,
  entered: PrivateProfileBody,
  deps: Partial<SupporterFlowDeps> & { sleep(ms: number): Promise<void> },
): Promise<void> {
  const update = profileUpdateFor(supporter.privateProfile, entered);
  if (!update || !deps.supporterApi) return;
  await Promise.race([deps.supporterApi.updatePrivateProfile(update).catch(() => undefined), deps.sleep(PROFILE_UPDATE_TIMEOUT_MS)]);
}
