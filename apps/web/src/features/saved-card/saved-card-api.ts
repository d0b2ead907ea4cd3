// The saved-card pages' calls (spec §7, ADR 034), from the browser through the same-origin /backend
// proxy: the signed-in supporter's session cookie, or the guest session the mailed link opened.
//   signed in: GET /user/me/ (the card), GET …/count-card-active/ (what it pays for), POST
//   /payment/credit {token, move_recurring: true}, DELETE /user/me/credit-card/;
//   guest: GET /auth/application/recurring-donations/ (their donations; 401 without the session),
//   POST /payment/non-member-credit {token, email}, POST /auth/application/recurring-donations/card/.
// The card itself never comes here: only the vault's token (lib/card-vault.ts).
import type { api } from '@kifu/domain';
import type { CardRecurringDonationsResponse } from '@kifu/domain/api/user-card';
import type { Locale } from '@kifu/domain/enums';
import { ApiError, createApiClient, type ApiClient } from '@/lib/api-client';

/** GET /user/me/ userCreditCard: brand, last digits, holder and the expiry the provider knows (null when it cannot say). */
export interface SavedCard {
  customer_code: string;
  brand: string;
  last_digits: string;
  name: string;
  expiration_month: number | null;
  /** Four digits. */
  expiration_year: number | null;
}

/** POST /payment/credit */
export interface SavedCardResponse {
  user: number;
  id: number;
  customer_code: string;
  brand: string;
  last_digits: string;
  name: string;
}

const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };

async function required<T>(promise: Promise<{ status: number; content: T | null }>): Promise<T> {
  const { status, content } = await promise;
  if (content === null) throw new ApiError(status, 'The API returned an empty or non-JSON body');
  return content;
}

export function createSavedCardApi(client: ApiClient = createApiClient('/backend')) {
  const post = <T>(path: string, body: unknown) => required(client.request<T>('POST', path, { body, init }));
  return {
    async savedCard(locale: Locale, signal?: AbortSignal): Promise<SavedCard | null> {
      const me = await client.get<{ userCreditCard: SavedCard | null }>('/user/me/', { query: { lang: locale }, signal, init });
      return me.userCreditCard ?? null;
    },
    cardRecurring: (locale: Locale, signal?: AbortSignal) =>
      client.get<CardRecurringDonationsResponse>('/donation/recurring/my_donation/count-card-active/', {
        query: { lang: locale },
        signal,
        init,
      }),
    /** The new card becomes the user's default: their recurring support moves to it, and what a failed card suspended goes on. */
    /** `moveRecurring` false: the card gets a customer of its own and the recurring support stays on the old card (spec §4 step 4). */
    saveCard: (token: string, moveRecurring = true) => post<SavedCardResponse>('/payment/credit', { token, move_recurring: moveRecurring }),
    async removeCard(): Promise<void> {
      await client.request('DELETE', '/user/me/credit-card/', { init });
    },
    guestRecurring: async (locale: Locale, signal?: AbortSignal) =>
      (await client.get<api.RecurringSupportList>('/auth/application/recurring-donations/', { query: { lang: locale }, signal, init }))
        .results,
    guestCustomer: (body: { token: string; email: string }) =>
      post<{ customer_id: string; customer_handle: string }>('/payment/non-member-credit', body),
    moveGuestRecurring: (body: { customer_id: string; customer_handle: string }) =>
      post<{ count: number }>('/auth/application/recurring-donations/card/', body),
  };
}

export type SavedCardApi = ReturnType<typeof createSavedCardApi>;

/** The guest's donations the card route moves: card ones that still charge (not stopped, not waiting for a first payment). */
export function movableCount(items: readonly Pick<api.RecurringSupportItem, 'payment_method' | 'state'>[]): number {
  return items.filter((item) => item.payment_method === 'creditCard' && item.state !== 'stopped' && item.state !== 'pending').length;
}
