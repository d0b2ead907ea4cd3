import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import ja from '../../../../messages/ja.json';
import { CardChoice } from '../card/card-choice';
import { ConfirmStep } from './confirm-step';
import type { DonateFormValues } from '../form/field-values';
import type { SignedInSupporter } from '../supporter/signed-in-supporter';
import { SupporterContext } from '../supporter/supporter-context';
import { makeStoredProfile, makeTarget, makeValues } from '../test-fixtures';

// The locale-aware Link needs Next's router; a plain anchor renders the same text here.
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
}));

function WithForm({ values, children }: { values: DonateFormValues; children: ReactNode }) {
  const form = useForm<DonateFormValues>({ defaultValues: values });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function render(values: DonateFormValues, children: ReactNode, supporter: SignedInSupporter | null = null): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="ja" messages={ja} timeZone="Asia/Tokyo">
      <SupporterContext.Provider value={supporter}>
        <WithForm values={values}>{children}</WithForm>
      </SupporterContext.Provider>
    </NextIntlClientProvider>,
  );
}

const confirm = <ConfirmStep target={makeTarget()} submitting={false} onEdit={() => undefined} onBack={() => undefined} />;

describe('the Confirm step', () => {
  it("shows the 'Anonymous' answer for a gift", () => {
    expect(render(makeValues(), confirm)).toContain('data-testid="confirm-anonymous"');
  });

  it('has no anonymous row for a membership, which is never anonymous', () => {
    const html = render(makeValues({ frequency: 'annual', membershipPlanId: '11', amount: '10000' }), confirm);
    expect(html).toContain('data-testid="confirm-plan"');
    expect(html).not.toContain('data-testid="confirm-anonymous"');
  });
});

describe('the card choice of a signed-in supporter', () => {
  const card = { customerCode: 'cust_1', brand: 'Visa', lastDigits: '4242', name: 'HANAKO', expirationMonth: 3, expirationYear: 2024 };
  const supporter = (expiry: 'valid' | 'expired' | 'unknown'): SignedInSupporter => ({
    id: 7,
    email: 'h@example.com',
    privateProfile: makeStoredProfile(),
    savedCard: { ...card, expiry },
  });

  it('offers a valid saved card', () => {
    const html = render(makeValues({ useSavedCard: true }), <CardChoice />, supporter('valid'));
    expect(html).toContain('id="donate-card-saved"');
    expect(html).not.toContain('saved-card-expired');
  });

  it('does not offer an expired one, says why, and asks for a new card', () => {
    const html = render(makeValues({ useSavedCard: false }), <CardChoice />, supporter('expired'));
    expect(html).not.toContain('id="donate-card-saved"');
    expect(html).toContain('登録済みのカード（Visa •••• 4242、有効期限 03/2024）は有効期限が切れているため使えません。');
    expect(html).toContain('id="donate-card-number"');
  });

  it('offers one whose expiry could not be checked, with a note', () => {
    const html = render(makeValues({ useSavedCard: true }), <CardChoice />, {
      ...supporter('unknown'),
      savedCard: { ...card, expirationMonth: null, expirationYear: null, expiry: 'unknown' },
    });
    expect(html).toContain('id="donate-card-saved"');
    expect(html).toContain('有効期限を確認できませんでした。');
  });
});
