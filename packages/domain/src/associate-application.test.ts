import { describe, expect, it } from 'vitest';
import { associateApplicationInput, type AssociateApplicationInput } from './associate-application';

const validApplication = (): AssociateApplicationInput => ({
  name: 'こどもの未来ネット',
  name_kana: 'こどものみらいねっと',
  name_en: '',
  organisation_type: 4,
  corporate_number: '7000012050002',
  address: { postalCode: '１５２-０００１', state: '東京都', city: '目黒区', street: '中央町1-2-3', building: '' },
  representative: '山田 太郎',
  representative_kana: 'ヤマダ　タロウ',
  certification: null,
  requested_uid: 'kodomo-mirai-net',
  bank_account: {
    bank_code: '0001',
    bank_name: 'みずなみ銀行',
    branch_code: '001',
    branch_name: '本店',
    account_type: 'ordinary',
    account_number: '1234567',
    account_holder: 'トクヒ）コドモノミライネット',
  },
  document_ids: [1],
  social_challenges: ['children', 'children'],
});

const errorsOf = (input: unknown) =>
  associateApplicationInput.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);

describe('an application to join Kifu', () => {
  it('normalises what people type: kana, postal code, the corporate number, repeated challenges', () => {
    const parsed = associateApplicationInput.parse({ ...validApplication(), corporate_number: '７-0000-1205-0002' });
    expect(parsed.name_kana).toBe('コドモノミライネット');
    expect(parsed.address.postalCode).toBe('1520001');
    expect(parsed.corporate_number).toBe('7000012050002');
    expect(parsed.social_challenges).toEqual(['children']);
  });

  it('refuses a corporate number whose check digit is wrong, and a missing one unless a voluntary group applies', () => {
    expect(errorsOf({ ...validApplication(), corporate_number: '8000012050002' })).toEqual(['corporate_number:corporateNumber.checkDigit']);
    expect(errorsOf({ ...validApplication(), corporate_number: '' })).toEqual(['corporate_number:required']);
    expect(associateApplicationInput.parse({ ...validApplication(), organisation_type: 1, corporate_number: '123' }).corporate_number).toBe(
      '',
    );
  });

  it('asks a certified NPO for its certification, with its term in order, and drops it for others', () => {
    expect(errorsOf({ ...validApplication(), organisation_type: 2 })).toEqual(['certification:required']);
    const certification = { number: '第1号', authority: '東京都', certified_on: '2024-04-01', expires_on: '2029-03-31' };
    expect(associateApplicationInput.parse({ ...validApplication(), organisation_type: 3, certification }).certification).toEqual(
      certification,
    );
    expect(
      errorsOf({ ...validApplication(), organisation_type: 2, certification: { ...certification, expires_on: '2020-01-01' } }),
    ).toEqual(['certification.expires_on:endBeforeStart']);
    expect(associateApplicationInput.parse({ ...validApplication(), certification }).certification).toBeNull();
  });

  it('refuses unset or unknown types, a public address outside its pattern, no documents', () => {
    expect(errorsOf({ ...validApplication(), organisation_type: 99 })).toEqual(['organisation_type:value']);
    expect(errorsOf({ ...validApplication(), requested_uid: 'Kodomo_Mirai' })).toEqual(['requested_uid:pattern.associateUid']);
    expect(errorsOf({ ...validApplication(), requested_uid: '-ab' })).toEqual(['requested_uid:pattern.associateUid']);
    expect(errorsOf({ ...validApplication(), requested_uid: 'apply' })).toEqual(['requested_uid:unique']);
    expect(errorsOf({ ...validApplication(), document_ids: [] })).toEqual(['document_ids:required']);
  });
});
