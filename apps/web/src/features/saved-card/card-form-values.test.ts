import { describe, expect, it } from 'vitest';
import { checkCardForm, EMPTY_CARD_FORM, fieldErrorText, type CardFormValues } from './card-form-values';

// 2026-05-10 in Japan: the current two-digit year is 26.
const NOW = new Date('2026-05-10T03:00:00Z');

const filled: CardFormValues = {
  number: '4242 4242 4242 4242',
  holder: ' HANAKO YAMADA ',
  expirationMonth: '12',
  expirationYear: '30',
  cvc: '123',
  email: '',
};

describe('checkCardForm', () => {
  it('gives the card as the vault takes it: digits only, the holder trimmed, a four-digit year', () => {
    expect(checkCardForm(filled, NOW)).toEqual({
      ok: true,
      card: {
        number: '4242424242424242',
        holder: 'HANAKO YAMADA',
        expirationMonth: 12,
        expirationYear: 30,
        expirationYearFull: 2030,
        cvc: '123',
      },
      email: null,
    });
    // Full-width digits are read as half-width (spec §5).
    expect(checkCardForm({ ...filled, number: '５５５５５５５５５５５５４４４４', expirationMonth: '０７' }, NOW)).toMatchObject({
      ok: true,
      card: { number: '5555555555554444', expirationMonth: 7 },
    });
  });

  it("reports each field's first broken rule", () => {
    const empty = checkCardForm(EMPTY_CARD_FORM, NOW);
    expect(empty.ok).toBe(false);
    if (empty.ok) return;
    expect(Object.keys(empty.errors).sort()).toEqual(['cvc', 'expirationMonth', 'expirationYear', 'holder', 'number']);
    for (const error of Object.values(empty.errors)) expect(error?.rule).toBe('required');

    const wrong = checkCardForm({ ...filled, expirationMonth: '13', expirationYear: '25', cvc: '12', number: '4242-abcd' }, NOW);
    expect(wrong.ok).toBe(false);
    if (wrong.ok) return;
    expect(wrong.errors.expirationMonth).toMatchObject({ rule: 'max', params: { max: 12 } });
    expect(wrong.errors.expirationYear).toMatchObject({ rule: 'min', params: { min: 26 } });
    expect(wrong.errors.cvc).toMatchObject({ rule: 'minLength', params: { min: 3 } });
    expect(wrong.errors.number).toMatchObject({ rule: 'pattern.halfwidthNumber' });
    expect(wrong.errors.holder).toBeUndefined();
  });

  it("asks the guest's form for a valid email too", () => {
    expect(checkCardForm({ ...filled, email: 'guest@example.com' }, NOW, { withEmail: true })).toMatchObject({
      ok: true,
      email: 'guest@example.com',
    });
    const missing = checkCardForm(filled, NOW, { withEmail: true });
    expect(missing).toEqual({ ok: false, errors: { email: expect.objectContaining({ rule: 'required' }) } });
    const broken = checkCardForm({ ...filled, email: 'guest@' }, NOW, { withEmail: true });
    expect(broken).toEqual({ ok: false, errors: { email: expect.objectContaining({ rule: 'pattern' }) } });
  });
});

describe('fieldErrorText', () => {
  it('words a rule for the field label in the page language, with its bound', () => {
    expect(fieldErrorText(undefined, 'カード番号', 'ja')).toBeUndefined();
    expect(fieldErrorText({ path: ['number'], rule: 'required', params: {} }, 'カード番号', 'ja')).toBe('カード番号は必須です。');
    expect(fieldErrorText({ path: ['expirationMonth'], rule: 'max', params: { max: 12 } }, 'Month (MM)', 'en')).toBe(
      'Month (MM) must be 12 or less.',
    );
  });
});
