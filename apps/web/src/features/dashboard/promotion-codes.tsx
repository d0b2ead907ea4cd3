'use client';
// A campaign's promotion codes on its settings page (ADR 036): a code waives that many
// yen of the fee on a gift to the campaign, until the day it ends (or for good). Codes are added
// and removed, never edited: a code already shared must keep meaning what it meant.
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import {
  andReload,
  digits,
  FieldsForm,
  Panel,
  RemovableList,
  useDayFormat,
  useFormValues,
  useSave,
  type SectionProps,
} from './dashboard-form';

export function PromotionCodesPanel(props: SectionProps) {
  const t = useTranslations('dashboard.codes');
  const yen = useTranslations();
  const locale = useLocale() as Locale;
  const day = useDayFormat();
  const form = useFormValues({ code: '', amount: '', until: '' });
  const add = useSave<void>(
    () =>
      andReload(props, () =>
        props.calls.send('POST', `/campaign/${props.campaign.id}/discounts/`, {
          code: form.values.code.trim(),
          discount_amount: digits(form.values.amount),
          valid_until: form.values.until === '' ? null : form.values.until,
          lang: locale,
        }),
      ).then(form.reset),
    { code: t('code'), discount_amount: t('amount'), valid_until: t('until') },
  );
  return (
    <Panel title={t('title')} testId="dashboard-codes">
      <p className="text-sm text-muted">{t('note')}</p>
      <RemovableList
        rows={props.campaign.discounts}
        testId="code-item"
        empty={t('none')}
        removeLabel={(code) => t('removeCode', { code: code.code })}
        onRemove={(code) => andReload(props, () => props.calls.send('DELETE', `/campaign/${props.campaign.id}/discounts/${code.id}/`))}
        render={(code) => (
          <p>
            <span className="font-mono font-bold">{code.code}</span>{' '}
            <span className="text-sm">{t('waives', { amount: yen('format.yen', { amount: code.discount_amount }) })}</span>{' '}
            <span className="text-sm text-muted">{code.valid_until ? t('validUntil', { date: day(code.valid_until) }) : t('noEnd')}</span>
          </p>
        )}
      />
      <FieldsForm
        idPrefix="code"
        {...form}
        onSubmit={() => void add.save()}
        save={{ label: t('add'), busy: add.busy, status: add.status, testId: 'code-add' }}
        fields={[
          { name: 'code', label: t('code'), error: add.errors.code, hint: t('codeHint') },
          { name: 'amount', label: t('amount'), error: add.errors.discount_amount, type: 'number' },
          { name: 'until', label: t('until'), error: add.errors.valid_until, type: 'date', hint: t('untilHint') },
        ]}
      />
    </Panel>
  );
}
