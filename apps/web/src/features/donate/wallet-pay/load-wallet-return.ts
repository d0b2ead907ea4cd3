// Server side of the wallet pay return pages: the form kept under the donate_session_key the
// provider's return URL carries, and the associate (and campaign) it belongs to. Restoring fails
// (spec §2: a message is shown) when the key is missing, unknown or lapsed, or the state is not ours.
import { checkoutSessionId as checkoutSessionIdSchema, walletFormStateKey } from '@kifu/domain/api/donation';
import type { AppLocale } from '@/i18n/routing';
import { serverGet } from '@/lib/api-server';
import { firstParam } from '@/lib/search-params';
import type { DonateTarget } from '../donate-target';
import { fetchDonateTarget } from '../fetch-donate-target';
import { parseWalletFormState, type WalletFormState } from './wallet-state';

export type WalletReturn =
  | { status: 'restored'; donateSessionKey: string; checkoutSessionId: string | null; state: WalletFormState; target: DonateTarget }
  | { status: 'restoreFailed' };

export async function loadWalletReturn(query: Record<string, string | string[] | undefined>, locale: AppLocale): Promise<WalletReturn> {
  const key = walletFormStateKey.safeParse(firstParam(query.donate_session_key));
  if (!key.success) return { status: 'restoreFailed' };
  const sessionId = checkoutSessionIdSchema.safeParse(firstParam(query.amazonCheckoutSessionId));
  let state: WalletFormState | undefined;
  try {
    state = parseWalletFormState(
      (await serverGet<{ state: string }>(`/donation/wallet-pay-form-state/${encodeURIComponent(key.data)}/`)).state,
    );
  } catch {
    state = undefined;
  }
  if (!state) return { status: 'restoreFailed' };
  const target = await fetchDonateTarget(state.associateUid, state.campaignId ?? undefined, locale).catch(() => null);
  if (!target) return { status: 'restoreFailed' };
  return { status: 'restored', donateSessionKey: key.data, checkoutSessionId: sessionId.success ? sessionId.data : null, state, target };
}
