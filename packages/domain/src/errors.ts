// The error and message catalogue of spec §8 in ja and en, with the matchers that read server
// details. Split by concern under catalogue/; this module is the one entry point
// (`@kifu/domain/errors`).
export * from './catalogue/message';
export * from './catalogue/page-messages';
export * from './catalogue/account-errors';
export * from './catalogue/donation-errors';
export * from './catalogue/amount-messages';
export * from './catalogue/card-check';
export * from './catalogue/field-errors';
export * from './catalogue/form-messages';
export * from './catalogue/receipt-texts';
export * from './catalogue/tax-texts';
export * from './catalogue/recurring-texts';
export * from './catalogue/api-error-messages';
