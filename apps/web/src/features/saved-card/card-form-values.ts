// The saved-card pages' card form (spec §3 "Card", §5 "Card"): holder, number, expiry month, the
// two-digit expiry year and cvc, checked by the domain's card schema before anything is sent; the
// guest's form also asks for their email (the one the mailed link was sent to). What passes goes
// to the vault only, with the four-digit year it wants (lib/card-vault.ts).
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { cardSchema, expiryYearToFull, type Card } from '@kifu/domain/schemas/card';
import { requiredEmailSchema } from '@kifu/domain/schemas/fields';
import { toFieldError, type FieldError } from '@kifu/domain/schemas/rule-keys';

export const CARD_FIELDS = ['number', 'holder', 'expirationMonth', 'expirationYear', 'cvc'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardFormField = CardField | 'email';

export type CardFormValues = Record<CardField, string> & { email: string };

export const EMPTY_CARD_FORM: CardFormValues = { number: '', holder: '', expirationMonth: '', expirationYear: '', cvc: '', email: '' };

export type VaultCard = Card & { expirationYearFull: number };

export type CardFormCheck =
  { ok: true; card: VaultCard; email: string | null } | { ok: false; errors: Partial<Record<CardFormField, FieldError>> };

/** The form's values as the vault takes them, or each field's first broken rule. `withEmail`: the guest's form. */
export function checkCardForm(values: CardFormValues, now: Date, { withEmail = false }: { withEmail?: boolean } = {}): CardFormCheck {
  const errors: Partial<Record<CardFormField, FieldError>> = {};
  const card = cardSchema(now).safeParse({
    number: values.number,
    holder: values.holder.trim(),
    expirationMonth: values.expirationMonth,
    expirationYear: values.expirationYear,
    cvc: values.cvc,
  });
  if (!card.success) {
    for (const issue of card.error.issues) {
      const field = issue.path[0] as CardField;
      errors[field] ??= toFieldError(issue);
    }
  }
  let email: string | null = null;
  if (withEmail) {
    const parsed = requiredEmailSchema.safeParse(values.email);
    if (parsed.success) email = parsed.data;
    else errors.email = toFieldError(parsed.error.issues[0]!);
  }
  if (!card.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { ...card.data, expirationYearFull: expiryYearToFull(card.data.expirationYear) }, email };
}

/** A field's error in words (spec §8 "Field errors": by rule and field label, with its bound). */
export function fieldErrorText(error: FieldError | undefined, label: string, locale: Locale): string | undefined {
  if (!error) return undefined;
  return fieldErrorMessage(error.rule, label, locale, error.params);
}
