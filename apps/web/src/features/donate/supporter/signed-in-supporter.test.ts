import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { privateProfileOf, donorOf } from '../submit/build-request';
import { cardSwitchItems } from './signed-in-flow';
import { lookUpSupporter, offeredSavedCard, prefilledValues, profileUpdateFor, type SignedInSupporter } from './signed-in-supporter';
import { makeStoredProfile, makeValues } from '../test-fixtures';
import { defaultFormValues } from '../form/field-values';

const stored = makeStoredProfile({ firstNameKana: 'ハナコ', lastNameKana: 'ヤマダ', gender: 2 });

function clientAnswering(status: number, body: unknown) {
  const fetchImpl = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  return { client: createApiClient('/backend', fetchImpl as unknown as typeof fetch), fetchImpl };
}

describe('lookUpSupporter', () => {
  it('reads the user and the saved card (brand, last digits, expiry) from /user/me/ with the cookie', async () => {
    const { client, fetchImpl } = clientAnswering(200, {
      id: 7,
      email: 'hanako@example.com',
      privateProfile: stored,
      userCreditCard: {
        customer_code: 'cust_1',
        brand: 'Visa',
        last_digits: '4242',
        name: 'HANAKO',
        expiration_month: 12,
        expiration_year: 2030,
      },
    });
    const drop = vi.fn(async () => undefined);
    const result = await lookUpSupporter(client, 'ja', drop, new Date('2025-06-15T00:00:00Z'));
    expect(result).toEqual({
      status: 'signedIn',
      supporter: {
        id: 7,
        email: 'hanako@example.com',
        privateProfile: stored,
        savedCard: {
          customerCode: 'cust_1',
          brand: 'Visa',
          lastDigits: '4242',
          name: 'HANAKO',
          expirationMonth: 12,
          expirationYear: 2030,
          expiry: 'valid',
        },
      },
    });
    expect(fetchImpl.mock.calls[0]![0]).toBe('/backend/user/me/?lang=ja');
    expect(fetchImpl.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
    expect(drop).not.toHaveBeenCalled();
  });

  it('judges the saved card expired after its expiry month (Japan time), unknown without an expiry', async () => {
    const answer = (card: Record<string, unknown>) =>
      clientAnswering(200, {
        id: 7,
        email: 'h@example.com',
        privateProfile: null,
        userCreditCard: { customer_code: 'c', brand: 'Visa', last_digits: '4242', name: 'H', ...card },
      }).client;
    const expiryOf = async (card: Record<string, unknown>, now: string) => {
      const found = await lookUpSupporter(answer(card), 'ja', async () => undefined, new Date(now));
      return found.status === 'signedIn' ? found.supporter.savedCard?.expiry : undefined;
    };
    expect(await expiryOf({ expiration_month: 5, expiration_year: 2025 }, '2025-06-15T00:00:00Z')).toBe('expired');
    expect(await expiryOf({ expiration_month: 6, expiration_year: 2025 }, '2025-06-15T00:00:00Z')).toBe('valid');
    expect(await expiryOf({ expiration_month: null, expiration_year: null }, '2025-06-15T00:00:00Z')).toBe('unknown');
    expect(await expiryOf({}, '2025-06-15T00:00:00Z')).toBe('unknown');
  });

  it('drops the stored session on a 401 and goes on as a guest (spec §4 Authentication 4)', async () => {
    const { client } = clientAnswering(401, { code: 'unauthorized', detail: 'a valid access token is required' });
    const drop = vi.fn(async () => undefined);
    expect(await lookUpSupporter(client, 'en', drop)).toEqual({ status: 'sessionDropped' });
    expect(drop).toHaveBeenCalledOnce();
  });

  it('reports other failures without dropping the session', async () => {
    const { client } = clientAnswering(502, { code: 'bad_gateway', detail: 'down' });
    const drop = vi.fn(async () => undefined);
    expect(await lookUpSupporter(client, 'ja', drop)).toEqual({ status: 'failed' });
    expect(drop).not.toHaveBeenCalled();
  });
});

describe('prefilledValues', () => {
  const supporter: SignedInSupporter = {
    id: 7,
    email: 'hanako@example.com',
    privateProfile: stored,
    savedCard: {
      customerCode: 'c',
      brand: 'Visa',
      lastDigits: '4242',
      name: 'H',
      expirationMonth: null,
      expirationYear: null,
      expiry: 'unknown',
    },
  };

  it('fills the email and a blank profile from the user and chooses the saved card', () => {
    const values = prefilledValues(defaultFormValues(), supporter);
    expect(values.email).toBe('hanako@example.com');
    expect(values.profile).toEqual({
      name: { lastName: '山田', firstName: '花子' },
      nameKana: { lastNameKana: 'ヤマダ', firstNameKana: 'ハナコ' },
      birthday: { year: '1990', month: '4', date: '1' },
      address: { postalCode: '1000001', state: '東京都', city: '千代田区', street: '千代田1-1', building: '' },
      phoneNumber: '0312345678',
      gender: '2',
    });
    expect(values.useSavedCard).toBe(true);
  });

  it('keeps what was typed, and offers no saved card to a guest or a user without one', () => {
    const typed = makeValues({ email: 'other@example.com' });
    const values = prefilledValues(typed, supporter);
    expect(values.email).toBe('other@example.com');
    expect(values.profile).toEqual(typed.profile);
    expect(prefilledValues({ ...typed, useSavedCard: true }, null).useSavedCard).toBe(false);
    expect(prefilledValues(typed, { ...supporter, savedCard: null }).useSavedCard).toBe(false);
  });

  it('does not choose an expired saved card; one whose expiry is unknown is still chosen', () => {
    const expired = {
      ...supporter,
      savedCard: { ...supporter.savedCard!, expirationMonth: 1, expirationYear: 2020, expiry: 'expired' as const },
    };
    expect(prefilledValues(defaultFormValues(), expired).useSavedCard).toBe(false);
    expect(offeredSavedCard(expired)).toBeUndefined();
    expect(prefilledValues(defaultFormValues(), supporter).useSavedCard).toBe(true);
    expect(offeredSavedCard(supporter)).toBe(supporter.savedCard);
  });
});

describe('profileUpdateFor', () => {
  const entered = (values = makeValues()) => privateProfileOf(donorOf(values, 1));

  it('is null when the entered profile matches the stored one, and the entered one when a field differs', () => {
    const same = { ...stored, firstNameKana: '', lastNameKana: '', gender: 3 };
    const values = makeValues();
    values.profile.gender = '3';
    expect(profileUpdateFor(same, entered(values))).toBeNull();
    values.profile.phoneNumber = '09011112222';
    expect(profileUpdateFor(same, entered(values))).toMatchObject({ phone: '09011112222', last_name: '山田' });
  });

  it('writes the whole entered profile for a user without one', () => {
    expect(profileUpdateFor(null, entered())).toMatchObject({ first_name: '花子', zip_code: '1000001' });
  });
});

describe('cardSwitchItems', () => {
  it("shows the associate, or the portfolio for a portfolio gift, with the supporter's name", () => {
    expect(
      cardSwitchItems({
        count: 2,
        card: { brand: 'Visa', last_digits: '4242' },
        recurring_donations: [
          { id: 1, associate_name: 'こども食堂', portfolio_name: '', recurring_donation_name: '山田 花子' },
          { id: 2, associate_name: '', portfolio_name: '子どもの未来ポートフォリオ', recurring_donation_name: '山田 花子' },
        ],
      }),
    ).toEqual([
      { associateName: 'こども食堂', donorName: '山田 花子' },
      { associateName: '子どもの未来ポートフォリオ', donorName: '山田 花子' },
    ]);
  });
});
