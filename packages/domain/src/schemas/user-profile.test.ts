import { describe, expect, it } from 'vitest';
import { addressSchema } from './address';
import { nameSchema } from './name';
import {
  donorNamesSchemaFor,
  isProfileValid,
  kanaRequired,
  userProfileSchema,
  userProfileSchemaFor,
  type UserProfileInput,
} from './user-profile';
import { rulesOf } from './test-helpers';

function makeProfile(overrides: Partial<UserProfileInput> = {}): UserProfileInput {
  return {
    name: { lastName: '山田', firstName: '太郎' },
    birthday: { year: '1990', month: '1', date: '2' },
    address: { postalCode: '152-0001', state: '東京都', city: '目黒区', street: '中央町1-2-3' },
    phoneNumber: '090-1234-5678',
    ...overrides,
  };
}

describe('addressSchema', () => {
  it('requires postal code, state, city and street; building is optional', () => {
    expect(addressSchema.parse({ postalCode: '１５２－０００１', state: '東京都', city: '目黒区', street: '1-2' })).toEqual({
      postalCode: '1520001',
      state: '東京都',
      city: '目黒区',
      street: '1-2',
    });
    expect(rulesOf(addressSchema, { postalCode: '', state: '', city: '', street: '', building: '' })).toEqual({
      postalCode: 'required',
      state: 'required',
      city: 'required',
      street: 'required',
    });
    expect(
      rulesOf(addressSchema, { postalCode: '1520001', state: '東京都', city: '目黒区', street: '1', building: 'x'.repeat(257) }),
    ).toEqual({
      building: 'maxLength',
    });
  });
});

describe('nameSchema', () => {
  it('requires both names', () => {
    expect(rulesOf(nameSchema, { lastName: '山田', firstName: ' ' })).toEqual({ firstName: 'required' });
  });
});

describe('userProfileSchema', () => {
  it('accepts a complete profile and normalises it', () => {
    const profile = userProfileSchema.parse(makeProfile({ gender: '2' }));
    expect(profile.phoneNumber).toBe('09012345678');
    expect(profile.address.postalCode).toBe('1520001');
    expect(profile.birthday.asString).toBe('1990-01-02');
    expect(profile.gender).toBe(2);
  });

  it('gender is optional and one of 1, 2, 3', () => {
    expect(userProfileSchema.parse(makeProfile()).gender).toBeUndefined();
    expect(userProfileSchema.parse(makeProfile({ gender: '' })).gender).toBeUndefined();
    expect(userProfileSchema.parse(makeProfile({ gender: 3 })).gender).toBe(3);
    expect(rulesOf(userProfileSchema, makeProfile({ gender: 4 }))).toEqual({ gender: 'value' });
  });

  it('the phone is required digits', () => {
    expect(rulesOf(userProfileSchema, makeProfile({ phoneNumber: '' }))).toEqual({ phoneNumber: 'required' });
    expect(rulesOf(userProfileSchema, makeProfile({ phoneNumber: '090-abc' }))).toEqual({ phoneNumber: 'pattern.halfwidthNumber' });
    expect(rulesOf(userProfileSchema, makeProfile({ phoneNumber: '1'.repeat(16) }))).toEqual({ phoneNumber: 'maxLength' });
  });

  it('reports every missing part at its path', () => {
    expect(rulesOf(userProfileSchema, {})).toEqual({
      name: 'required',
      birthday: 'validate.required',
      address: 'required',
      phoneNumber: 'required',
    });
  });
});

describe('isProfileValid', () => {
  it('is true only when name, birthday, address and phone are all present', () => {
    expect(isProfileValid(makeProfile())).toBe(true);
    expect(isProfileValid(makeProfile({ name: { lastName: '', firstName: '太郎' } }))).toBe(false);
    expect(isProfileValid(makeProfile({ birthday: { year: '1990', month: '1', date: '' } }))).toBe(false);
    expect(isProfileValid(makeProfile({ address: { postalCode: '1520001', state: '東京都', city: '目黒区', street: '' } }))).toBe(false);
    expect(isProfileValid(makeProfile({ phoneNumber: '' }))).toBe(false);
    expect(isProfileValid(undefined)).toBe(false);
  });

  it('applies the phonetic-name rule of the associate', () => {
    expect(isProfileValid(makeProfile(), 29)).toBe(false);
    expect(isProfileValid(makeProfile({ nameKana: { lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' } }), 29)).toBe(true);
    expect(isProfileValid(makeProfile(), 30)).toBe(true);
    expect(isProfileValid(undefined, 29)).toBe(false);
    expect(isProfileValid(null, 29)).toBe(false);
    expect(isProfileValid({ name: 'not an object' }, 29)).toBe(false);
  });
});

describe('kanaRequired', () => {
  it('holds for associate 29 once a last or first name is typed', () => {
    expect(kanaRequired(29, { lastName: '山田', firstName: '' })).toBe(true);
    expect(kanaRequired(29, { lastName: '', firstName: '太郎' })).toBe(true);
    expect(kanaRequired(29, { lastName: ' ', firstName: '' })).toBe(false);
    expect(kanaRequired(29, undefined)).toBe(false);
  });

  it('never holds for other associates', () => {
    for (const id of [1, 28, 30, 3525, 2183]) expect(kanaRequired(id, { lastName: '山田', firstName: '太郎' })).toBe(false);
    expect(kanaRequired(undefined, { lastName: '山田', firstName: '太郎' })).toBe(false);
  });
});

describe('userProfileSchemaFor', () => {
  it('for associate 29, requires both phonetic names at their paths', () => {
    expect(rulesOf(userProfileSchemaFor(29), makeProfile())).toEqual({
      'nameKana.lastNameKana': 'required',
      'nameKana.firstNameKana': 'required',
    });
    expect(rulesOf(userProfileSchemaFor(29), makeProfile({ nameKana: { lastNameKana: 'ヤマダ', firstNameKana: '' } }))).toEqual({
      'nameKana.firstNameKana': 'required',
    });
  });

  it('still checks the katakana pattern', () => {
    expect(rulesOf(userProfileSchemaFor(29), makeProfile({ nameKana: { lastNameKana: '山田', firstNameKana: 'タロウ' } }))).toEqual({
      'nameKana.lastNameKana': 'pattern.katakana',
    });
  });

  it('reports the phonetic names together with other problems', () => {
    expect(rulesOf(userProfileSchemaFor(29), makeProfile({ phoneNumber: '' }))).toEqual({
      phoneNumber: 'required',
      'nameKana.lastNameKana': 'required',
      'nameKana.firstNameKana': 'required',
    });
  });

  it('is the plain profile schema for other associates', () => {
    expect(userProfileSchemaFor(30)).toBe(userProfileSchema);
    expect(userProfileSchemaFor(undefined)).toBe(userProfileSchema);
  });
});

describe('donorNamesSchemaFor', () => {
  const names = { name: { lastName: '山田', firstName: '太郎' }, nameKana: { lastNameKana: '', firstNameKana: '' } };

  it('needs both names; the phonetic names only for associate 29', () => {
    expect(rulesOf(donorNamesSchemaFor(1), names)).toEqual({});
    expect(rulesOf(donorNamesSchemaFor(29), names)).toEqual({ 'nameKana.lastNameKana': 'required', 'nameKana.firstNameKana': 'required' });
    expect(rulesOf(donorNamesSchemaFor(29), { ...names, name: { lastName: '', firstName: '' } })).toMatchObject({
      'name.lastName': 'required',
      'name.firstName': 'required',
    });
  });

  it('checks the katakana pattern and converts hiragana', () => {
    expect(rulesOf(donorNamesSchemaFor(1), { ...names, nameKana: { lastNameKana: '山田', firstNameKana: '' } })).toEqual({
      'nameKana.lastNameKana': 'pattern.katakana',
    });
    expect(donorNamesSchemaFor(29).parse({ ...names, nameKana: { lastNameKana: 'やまだ', firstNameKana: 'たろう' } }).nameKana).toEqual({
      lastNameKana: 'ヤマダ',
      firstNameKana: 'タロウ',
    });
  });
});
