import { describe, expect, it } from 'vitest';
import { userProfileSchemaFor } from '../schemas/user-profile';
import { cardDonationRequest, donorToProfile } from './donation';

const donor = {
  last_name: '山田',
  first_name: '花子',
  birthday: '1990-04-01',
  zip_code: '1000001',
  area: '東京都',
  city: '千代田区',
  address1: '千代田1-1',
  phone: '0312345678',
  email: 'hanako@example.jp',
};

describe('donor payload', () => {
  it('maps to the profile block, which the domain rules then validate', () => {
    const profile = donorToProfile(donor);
    expect(profile.birthday).toEqual({ year: '1990', month: '4', date: '1' });
    expect(userProfileSchemaFor(1).safeParse(profile).success).toBe(true);
    // Associate 29 needs the phonetic names once a name is typed (spec §5).
    expect(userProfileSchemaFor(29).safeParse(profile).success).toBe(false);
    expect(
      userProfileSchemaFor(29).safeParse(donorToProfile({ ...donor, last_name_kana: 'ヤマダ', first_name_kana: 'ハナコ' })).success,
    ).toBe(true);
  });

  it('rejects a card request without the vault customer or return address', () => {
    const base = { donor, amount: 3000, associate_id: 1 };
    expect(cardDonationRequest.safeParse(base).success).toBe(false);
    const ok = cardDonationRequest.parse({ ...base, customer_id: 'cust_1', client_uri: 'http://localhost:3000/associate/x/donate' });
    expect(ok).toMatchObject({ payment_method: 'creditCard', is_anonymous: false, lang: 'ja', campaign_id: null });
    expect(cardDonationRequest.safeParse({ ...base, customer_id: 'cust_1', client_uri: 'javascript:alert(1)' }).success).toBe(false);
  });
});
