// Which test card does what. The first table is Omise's own list of test cards, reproduced exactly
// (providers.md "Test cards"; https://docs.opn.ooo/api-testing). The extra triggers cover the
// failures of the spec's donation error catalogue (§8) that Omise's table has no card for:
// "card not valid", "expired card" and "timed out". Any other Luhn-valid number of a known brand
// succeeds, as in Omise's test mode.

/** Charge failure codes (https://docs.opn.ooo/charges-api "failure_code"). */
export type ChargeFailureCode =
  | 'insufficient_fund'
  | 'stolen_or_lost_card'
  | 'failed_processing'
  | 'payment_rejected'
  | 'failed_fraud_check'
  | 'invalid_account_number'
  | 'invalid_security_code'
  | 'invalid_card'
  | 'expired_card'
  | 'timeout';

/** Omise's wording of each failure; the domain's error catalogue matches the codes. */
export const FAILURE_MESSAGES: Record<ChargeFailureCode, string> = {
  insufficient_fund: 'insufficient funds in the account or the card has reached the credit limit',
  stolen_or_lost_card: 'card was stolen or lost',
  failed_processing: 'card processing has failed, you may retry this transaction',
  payment_rejected: 'payment was rejected by the issuer or the acquirer with no specific reason',
  failed_fraud_check: 'card was marked as fraudulent',
  invalid_account_number: 'this number is not attributed or has been deactivated',
  invalid_security_code: 'the security code was invalid or the card did not pass preauth',
  invalid_card: 'card is not valid',
  expired_card: 'card has expired',
  timeout: 'the transaction timed out',
};

/**
 * What a card does when charged. Kept on the stored card instead of the number: the vault never
 * keeps a full card number, only what the outcome needs.
 */
export type CardBehaviour =
  | { kind: 'success' }
  | { kind: 'decline'; code: ChargeFailureCode }
  /** The issuer has no 3-D Secure enrolment: the charge fails at once, with no authorize step. */
  | { kind: '3ds-enrolment-fails' }
  /** 3-D Secure runs but never validates: whatever the card holder does, the charge fails. */
  | { kind: '3ds-validation-fails' };

export interface TestCardRow {
  outcome: string;
  behaviour: CardBehaviour;
  visa: readonly string[];
  mastercard: readonly string[];
  jcb: readonly string[];
}

const decline = (code: ChargeFailureCode): CardBehaviour => ({ kind: 'decline', code });

/** providers.md's table, row for row. */
export const TEST_CARDS: readonly TestCardRow[] = [
  {
    outcome: 'success',
    behaviour: { kind: 'success' },
    visa: ['4242424242424242', '4111111111111111'],
    mastercard: ['5555555555554444', '5454545454545454'],
    jcb: ['3530111333300000', '3566111111111113'],
  },
  {
    outcome: 'insufficient_fund',
    behaviour: decline('insufficient_fund'),
    visa: ['4111111111140011'],
    mastercard: ['5555551111110011'],
    jcb: ['3530111111190011'],
  },
  {
    outcome: 'stolen_or_lost_card',
    behaviour: decline('stolen_or_lost_card'),
    visa: ['4111111111130012'],
    mastercard: ['5555551111100012'],
    jcb: ['3530111111180012'],
  },
  {
    outcome: 'failed_processing',
    behaviour: decline('failed_processing'),
    visa: ['4111111111120013'],
    mastercard: ['5555551111190013'],
    jcb: ['3530111111170013'],
  },
  {
    outcome: 'payment_rejected',
    behaviour: decline('payment_rejected'),
    visa: ['4111111111110014'],
    mastercard: ['5555551111180014'],
    jcb: ['3530111111160014'],
  },
  {
    outcome: 'failed_fraud_check',
    behaviour: decline('failed_fraud_check'),
    visa: ['4111111111190016'],
    mastercard: ['5555551111160016'],
    jcb: ['3530111111140016'],
  },
  {
    outcome: 'invalid_account_number',
    behaviour: decline('invalid_account_number'),
    visa: ['4111111111180017'],
    mastercard: ['5555551111150017'],
    jcb: ['3530111111130017'],
  },
  {
    outcome: 'invalid_security_code',
    behaviour: decline('invalid_security_code'),
    visa: ['4111111111160001'],
    mastercard: ['5555551111130001'],
    jcb: ['3530111111110001'],
  },
  {
    outcome: '3DS enrolment fails → payment_rejected',
    behaviour: { kind: '3ds-enrolment-fails' },
    visa: ['4111111111150002'],
    mastercard: ['5555551111120002'],
    jcb: ['3530111111100002'],
  },
  {
    outcome: '3DS validation fails → payment_rejected',
    behaviour: { kind: '3ds-validation-fails' },
    visa: ['4111111111140003'],
    mastercard: ['5555551111110003'],
    jcb: ['3530111111190003'],
  },
];

/** Sandbox-only card numbers (Luhn-valid Visa numbers outside Omise's table). */
export const CARD_NOT_VALID_NUMBER = '4000000000000002';
export const EXPIRED_CARD_NUMBER = '4000000000000069';
/**
 * Any card charged exactly this many yen fails with failure_code `timeout`, as if the issuer never
 * answered the acquirer. The HTTP request itself answers at once; a request that hangs is the
 * fault injection's job (SANDBOX_FAULT_TIMEOUT_RATE). An amount, not a card, so saved cards and
 * recurring schedules can time out too; a multiple of 10 so the donation form accepts it.
 */
export const TIMEOUT_AMOUNT = 4_040;

export interface ExtraTrigger {
  trigger: string;
  outcome: string;
}

/** The sandbox's own triggers, shown under Omise's table on the index page. */
export const EXTRA_TRIGGERS: readonly ExtraTrigger[] = [
  { trigger: `card number ${CARD_NOT_VALID_NUMBER}`, outcome: 'charge fails: invalid_card "card is not valid"' },
  { trigger: `card number ${EXPIRED_CARD_NUMBER}`, outcome: 'charge fails: expired_card "card has expired"' },
  { trigger: 'a saved card whose expiry month has passed on the sandbox clock', outcome: 'charge fails: expired_card "card has expired"' },
  { trigger: `amount ¥${TIMEOUT_AMOUNT.toLocaleString('en')} with any card`, outcome: 'charge fails: timeout "the transaction timed out"' },
  {
    trigger: 'expiry in the past when tokenising',
    outcome: 'POST /tokens answers 422 invalid_card "expiration date cannot be in the past"',
  },
  { trigger: 'a number failing the Luhn check', outcome: 'POST /tokens answers 422 invalid_card "number is invalid"' },
];

const BEHAVIOUR_BY_NUMBER = new Map<string, CardBehaviour>([
  ...TEST_CARDS.flatMap((row) => [...row.visa, ...row.mastercard, ...row.jcb].map((number) => [number, row.behaviour] as const)),
  [CARD_NOT_VALID_NUMBER, decline('invalid_card')],
  [EXPIRED_CARD_NUMBER, decline('expired_card')],
]);

export function cardBehaviour(number: string): CardBehaviour {
  return BEHAVIOUR_BY_NUMBER.get(number) ?? { kind: 'success' };
}

export type CardBrand = 'Visa' | 'MasterCard' | 'JCB' | 'American Express';

/** Brand by issuer prefix (IIN ranges), spelled as Omise spells it. */
export function detectBrand(number: string): CardBrand | null {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'MasterCard';
  if (/^35(2[89]|[3-8]\d)/.test(number)) return 'JCB';
  if (/^3[47]/.test(number)) return 'American Express';
  return null;
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}
