// What a wallet pay gift keeps across the provider's pages (spec §3 "Donation form state": the
// entry's walletPay part; §2 "the form state is restored on return, a message if restoring fails").
//
// Server side, under the donate_session_key the provider's return URLs carry, the page keeps one
// opaque string: which form it was (associate uid, campaign), the form's own state (form/form-state-codec.ts,
// never card data), and once the review page starts the donation the names and the buyer's email
// it was started with. The return pages rebuild the form from it alone, so a supporter who comes
// back in another browser or with cleared storage still finds the form.
//
// Client side, the entry's walletPay part holds the key, the checkout session, the names, and a
// one-shot notice (rejected, cancelled) the donation form shows when the supporter lands back on it.
import { z } from 'zod';
import type { DonateTarget } from '../donate-target';
import type { DonationFormStore, EntryData } from '../form/persisted-form-store';
import { parseFormState, serialiseFormState } from '../form/form-state-codec';
import type { DonateFormValues } from '../form/field-values';

/** The names a wallet donation is given under (spec §4: the provider's profile gives only these). */
export interface WalletNames {
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
}

export interface WalletNotice {
  kind: 'error' | 'cancelled';
  message: string;
}

/** The entry's walletPay part in client storage. */
export interface WalletPayState {
  donateSessionKey?: string;
  checkoutSessionId?: string;
  names?: WalletNames;
  buyerEmail?: string;
  notice?: WalletNotice;
}

export interface WalletFormState {
  associateUid: string;
  campaignId: number | null;
  /** The form's parts, as form/form-state-codec.ts keeps them for a card gift. */
  form: EntryData;
  /** Set by the review page when it starts the donation. */
  names?: WalletNames;
  buyerEmail?: string;
}

const text = z.string().max(256);
const namesSchema = z.object({ lastName: text, firstName: text, lastNameKana: text, firstNameKana: text });
const envelopeSchema = z.object({
  version: z.literal(1),
  kind: z.literal('walletPay'),
  associateUid: z.string().min(1).max(256),
  campaignId: z.number().int().positive().nullable(),
  form: z.string().max(90_000),
  names: namesSchema.optional(),
  buyerEmail: text.optional(),
});

export function walletFormStateOf(
  target: DonateTarget,
  values: DonateFormValues,
  started?: { names: WalletNames; buyerEmail: string },
): string {
  return JSON.stringify({
    version: 1,
    kind: 'walletPay',
    associateUid: target.associate.uid,
    campaignId: target.campaign?.id ?? null,
    form: serialiseFormState(values),
    ...(started ?? {}),
  } satisfies z.input<typeof envelopeSchema>);
}

/** The kept state, or undefined when the string is not one of ours (restoring failed). */
export function parseWalletFormState(serialised: string): WalletFormState | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(serialised);
  } catch {
    return undefined;
  }
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) return undefined;
  const form = parseFormState(envelope.data.form);
  if (!form) return undefined;
  const { associateUid, campaignId, names, buyerEmail } = envelope.data;
  return { associateUid, campaignId, form, ...(names ? { names } : {}), ...(buyerEmail !== undefined ? { buyerEmail } : {}) };
}

const JAPANESE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The provider gives the buyer's name as one string. Japanese names are written family name
 * first ("山田 花子"), Latin ones given name first ("Taro Suzuki"); a single word is the last name.
 * The supporter can correct both on the review page.
 */
export function namesOfBuyer(name: string): Pick<WalletNames, 'lastName' | 'firstName'> {
  const words = name
    .trim()
    .split(/[\s\u3000]+/u)
    .filter(Boolean);
  if (words.length === 0) return { lastName: '', firstName: '' };
  if (words.length === 1) return { lastName: words[0]!, firstName: '' };
  if (JAPANESE_SCRIPT.test(name)) return { lastName: words[0]!, firstName: words.slice(1).join(' ') };
  return { lastName: words[words.length - 1]!, firstName: words.slice(0, -1).join(' ') };
}

const walletPayStateSchema = z.object({
  donateSessionKey: z.string().optional(),
  checkoutSessionId: z.string().optional(),
  names: namesSchema.optional(),
  buyerEmail: z.string().optional(),
  notice: z.object({ kind: z.enum(['error', 'cancelled']), message: z.string() }).optional(),
});

/** The entry's walletPay part, or an empty one when there is none (or it is not ours). */
export function walletPayStateOf(entry: { walletPay?: unknown }): WalletPayState {
  const parsed = walletPayStateSchema.safeParse(entry.walletPay ?? {});
  return parsed.success ? parsed.data : {};
}

/** Merges `part` into the entry's walletPay part. */
export function updateWalletPay(store: DonationFormStore, key: string, part: WalletPayState): void {
  const state = store.getState();
  state.update(key, { walletPay: { ...walletPayStateOf(state.entry(key)), ...part } });
}

/** The notice left for the donation form, removed as it is read: it is shown once. */
export function takeWalletNotice(store: DonationFormStore, key: string): WalletNotice | undefined {
  const state = store.getState();
  const entry = state.entry(key);
  const wallet = walletPayStateOf(entry);
  if (!wallet.notice) return undefined;
  const { notice, ...rest } = wallet;
  store.setState({ entries: { ...state.entries, [key]: { ...entry, walletPay: rest } } });
  return notice;
}
