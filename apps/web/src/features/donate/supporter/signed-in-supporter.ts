// The signed-in supporter on the donate page (spec §4 Authentication 2–4, §6 "Logged-in user": the
// token is sent on donation and profile calls, the saved card is reused and the profile is
// auto-updated). The token lives in the httpOnly user_token cookie, which page scripts cannot
// read: the browser's calls go through the same-origin /backend proxy, which forwards the cookie,
// and the API accepts it as the token (apps/api plugins/auth.ts; decision 009). So "signed in" is
// what GET /user/me/ answers; a 401 there means the cookie's session is gone, and it is dropped.
import type { Locale } from '@kifu/domain/enums';
import { savedCardExpiry, type SavedCardExpiry } from '@kifu/domain/schemas/card';
import { ApiError, type ApiClient } from '@/lib/api-client';
import type { PrivateProfileBody } from '../donate-api';
import type { DonateFormValues, ProfileFormValues } from '../form/field-values';

/** GET /user/me/'s private profile (camelCase, as the API answers it). */
export interface StoredPrivateProfile {
  firstName: string;
  lastName: string;
  firstNameKana: string;
  lastNameKana: string;
  gender: number;
  /** YYYY-MM-DD */
  birthday: string | null;
  zipCode: string;
  area: string;
  city: string;
  address1: string;
  address2: string;
  phone: string;
}

export interface SavedCardView {
  customerCode: string;
  brand: string;
  lastDigits: string;
  name: string;
  /** Null when the card provider could not say. */
  expirationMonth: number | null;
  expirationYear: number | null;
  /** Judged when the page looked the supporter up; an expired card is not offered (decision 013). */
  expiry: SavedCardExpiry;
}

export interface SignedInSupporter {
  id: number;
  email: string;
  privateProfile: StoredPrivateProfile | null;
  savedCard: SavedCardView | null;
}

interface MeResponse {
  id: number;
  email: string;
  privateProfile: StoredPrivateProfile | null;
  userCreditCard: {
    customer_code: string;
    brand: string;
    last_digits: string;
    name: string;
    expiration_month?: number | null;
    expiration_year?: number | null;
  } | null;
}

export type SupporterLookup =
  { status: 'signedIn'; supporter: SignedInSupporter } | { status: 'guest' } | { status: 'sessionDropped' } | { status: 'failed' };

/**
 * Who is on the page. A 401 drops the stored session (`dropSession`, spec §4 Authentication 4) and
 * the page goes on as a guest; any other failure also leaves a guest, reported as 'failed'.
 */
export async function lookUpSupporter(
  client: ApiClient,
  locale: Locale,
  dropSession: () => Promise<void>,
  now: Date = new Date(),
): Promise<SupporterLookup> {
  let me: MeResponse;
  try {
    me = await client.get<MeResponse>('/user/me/', { query: { lang: locale }, init: { cache: 'no-store' } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await dropSession().catch(() => undefined);
      return { status: 'sessionDropped' };
    }
    return { status: 'failed' };
  }
  const card = me.userCreditCard;
  return {
    status: 'signedIn',
    supporter: {
      id: me.id,
      email: me.email,
      privateProfile: me.privateProfile,
      savedCard: card
        ? {
            customerCode: card.customer_code,
            brand: card.brand,
            lastDigits: card.last_digits,
            name: card.name,
            expirationMonth: card.expiration_month ?? null,
            expirationYear: card.expiration_year ?? null,
            expiry: savedCardExpiry({ month: card.expiration_month, year: card.expiration_year }, now),
          }
        : null,
    },
  };
}

/**
 * The saved card offered as 'use saved card' (spec §5 "card"): not one whose expiry has passed,
 * which the supporter replaces with a new card; one whose expiry the provider could not tell is
 * still offered, with a note (decision 013).
 */
export function offeredSavedCard(supporter: SignedInSupporter | null | undefined): SavedCardView | undefined {
  const card = supporter?.savedCard;
  return card && card.expiry !== 'expired' ? card : undefined;
}

/** The form's profile from the stored one (as typed text; the birthday's month and day without zeros, as the selects hold them). */
export function profileFromStored(stored: StoredPrivateProfile): ProfileFormValues {
  const [year = '', month = '', date = ''] = stored.birthday?.split('-') ?? [];
  const unpadded = (part: string) => (part === '' ? '' : String(Number(part)));
  return {
    name: { lastName: stored.lastName, firstName: stored.firstName },
    nameKana: { lastNameKana: stored.lastNameKana, firstNameKana: stored.firstNameKana },
    birthday: { year, month: unpadded(month), date: unpadded(date) },
    address: { postalCode: stored.zipCode, state: stored.area, city: stored.city, street: stored.address1, building: stored.address2 },
    phoneNumber: stored.phone,
    gender: String(stored.gender),
  };
}

/** True when nothing of the profile has been typed yet, so the stored one may fill it. */
export function isBlankProfile(profile: ProfileFormValues): boolean {
  const texts = [
    profile.name.lastName,
    profile.name.firstName,
    profile.nameKana.lastNameKana,
    profile.nameKana.firstNameKana,
    profile.birthday.year,
    profile.address.postalCode,
    profile.address.street,
    profile.phoneNumber,
  ];
  return texts.every((text) => text.trim() === '');
}

/**
 * Spec §4 "After a successful start, if the stored profile fields differ from those entered, the
 * private profile is updated": the entered profile (normalised, as the gift sent it) when any
 * stored field differs, otherwise null.
 */
export function profileUpdateFor(stored: StoredPrivateProfile | null, entered: PrivateProfileBody): PrivateProfileBody | null {
  if (!stored) return entered;
  const current: PrivateProfileBody = {
    first_name: stored.firstName,
    last_name: stored.lastName,
    first_name_kana: stored.firstNameKana,
    last_name_kana: stored.lastNameKana,
    birthday: stored.birthday ?? '',
    gender: stored.gender,
    zip_code: stored.zipCode,
    area: stored.area,
    city: stored.city,
    address1: stored.address1,
    address2: stored.address2,
    phone: stored.phone,
  };
  const keys = Object.keys(entered) as (keyof PrivateProfileBody)[];
  return keys.some((key) => entered[key] !== undefined && entered[key] !== current[key]) ? entered : null;
}

/**
 * The form's values with the signed-in supporter's details where nothing was typed yet (the email,
 * a blank profile), and the saved card chosen when one is offered (a new card otherwise).
 */
export function prefilledValues(values: DonateFormValues, supporter: SignedInSupporter | null): DonateFormValues {
  if (!supporter) return { ...values, useSavedCard: false };
  return {
    ...values,
    email: values.email.trim() === '' ? supporter.email : values.email,
    profile: supporter.privateProfile && isBlankProfile(values.profile) ? profileFromStored(supporter.privateProfile) : values.profile,
    useSavedCard: offeredSavedCard(supporter) !== undefined,
  };
}
