'use client';
// A campaign's promotion codes on its settings page (issue 15, ADR 036): a code waives that many
// yen of the fee on a gift to the campaign, until the day it ends (or for good). Codes are added
// and removed, never edited: a code already shared must keep meaning what it meant.
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { andReload, Panel, useDayFormat, RemovableList, SaveBar, TextField, useSave, type SectionProps } from './dashboard-form';

export function PromotionCodesPanel(props: SectionProps) {
  const t = useTranslations('dashboard.codes');
  const yen = useTranslations();
  const locale = useLocale() as Locale;
  const day = useDayFormat();
  const [form, setForm] = useState({ code: '', amount: '', until: '' });
  const labels = { code: t('code'), discount_amount: t('amount'), valid_until: t('until') };
  const add = useSave<void>(
    () =>
      andReload(props, () =>
        props.calls.send('POST', `/campaign/${props.campaign.id}/discounts/`, {
          code: form.code.trim(),
          discount_amount: Number(form.amount.replace(/[,，\s]/g, '')),
          valid_until: form.until === '' ? null : form.until,
          lang: locale,
        }),
      ).then(() => setForm({ code: '', amount: '', until: '' })),
    labels,
  );
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));
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
      <form onSubmit={(event: FormEvent) => (event.preventDefault(), void add.save())} className="flex flex-col gap-3" noValidate>
        <TextField
          id="code-code"
          label={labels.code}
          value={form.code}
          onChange={set('code')}
          error={add.errors.code}
          hint={t('codeHint')}
        />
        <TextField
          id="code-amount"
          label={labels.discount_amount}
          value={form.amount}
          onChange={set('amount')}
          error={add.errors.discount_amount}
          type="number"
        />
        <TextField
          id="code-until"
          label={labels.valid_until}
          value={form.until}
          onChange={set('until')}
          error={add.errors.valid_until}
          type="date"
          hint={t('untilHint')}
        />
        <SaveBar label={t('add')} busy={add.busy} status={add.status} testId="code-add" />
      </form>
    </Panel>
  );
}
