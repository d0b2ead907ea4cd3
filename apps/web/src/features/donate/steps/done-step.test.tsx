import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderInLocale } from '@/test/render-in-locale';
import type { DonateFormValues } from '../form/field-values';
import type { Contribution } from '../form/persisted-form-store';
import { makeTarget, makeValues } from '../test-fixtures';
import { DoneStep } from './done-step';

function WithForm({ children }: { children: ReactNode }) {
  const form = useForm<DonateFormValues>({ defaultValues: makeValues() });
  return <FormProvider {...form}>{children}</FormProvider>;
}

const bankTransfer: Contribution = {
  donationId: 1,
  paymentMethod: 'bankTransfer',
  frequency: 'single',
  amount: 3000,
  email: 'hanako@example.com',
  virtualAccount: {
    bank_name: 'サンプル銀行',
    branch_name: '本店',
    account_type: 'ordinary',
    account_number: '1234567',
    account_holder: 'キフ',
    amount: 3000,
    deposited_amount: 0,
    expiration_date: '2030-01-10',
  },
};
const cardGift: Contribution = { ...bankTransfer, paymentMethod: 'creditCard', virtualAccount: null };

function render(contribution: Contribution, now: Date, locale: 'ja' | 'en' = 'ja'): string {
  return renderInLocale(
    <WithForm>
      <DoneStep
        target={makeTarget()}
        contribution={contribution}
        shareUrl="https://example.com/associate/kodomo"
        onGiveAgain={() => undefined}
        onMessageSent={() => undefined}
        now={now}
      />
    </WithForm>,
    locale,
  );
}

const NOTE = 'data-testid="late-transfer-year-note"';

describe("the Done screen's late-December note", () => {
  it('tells a bank transfer on 28 December in Japan which year it counts in, below the account details', () => {
    const html = render(bankTransfer, new Date('2029-12-28T12:00:00+09:00'));
    expect(html).toContain(NOTE);
    expect(html.indexOf(NOTE)).toBeGreaterThan(html.indexOf('data-testid="bank-account"'));
    expect(html).toContain('着金が年明けになると2030年分のご寄付になります。2029年分として控除を受けるには');
  });

  it('speaks the page language', () => {
    const html = render(bankTransfer, new Date('2029-12-28T12:00:00+09:00'), 'en');
    expect(html).toContain('A transfer that arrives after New Year counts as a gift of 2030. To count it in 2029');
  });

  it('goes by the date in Japan: 20 December 08:00 there is still 19 December in UTC', () => {
    expect(render(bankTransfer, new Date('2029-12-19T23:00:00Z'))).toContain(NOTE);
    expect(render(bankTransfer, new Date('2029-12-19T14:59:59Z'))).not.toContain(NOTE);
  });

  it('is not shown on 10 December', () => {
    const html = render(bankTransfer, new Date('2029-12-10T12:00:00+09:00'));
    expect(html).toContain('data-testid="bank-account"');
    expect(html).not.toContain(NOTE);
  });

  it('is not shown for a card gift, even on 28 December', () => {
    const html = render(cardGift, new Date('2029-12-28T12:00:00+09:00'));
    expect(html).toContain('data-testid="done-summary"');
    expect(html).not.toContain(NOTE);
  });
});
