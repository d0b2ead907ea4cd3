'use client';
// The dates a campaign promises to report by (issue 15, spec §7 /campaign/report-schedule/), on
// its reports page: supporters read them on the public page, and a report ticks off the dates it
// fulfils. A date already fulfilled by a report cannot be removed (the API refuses with 409).
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { andReload, Panel, useDayFormat, RemovableList, SaveBar, TextField, useSave, type SectionProps } from './dashboard-form';

export function ReportSchedulesPanel(props: SectionProps) {
  const t = useTranslations('dashboard.schedules');
  const locale = useLocale() as Locale;
  const day = useDayFormat();
  const [title, setTitle] = useState('');
  const [dueOn, setDueOn] = useState('');
  const labels = { title: t('what'), due_on: t('dueOn') };
  const add = useSave<void>(
    () =>
      andReload(props, () =>
        props.calls.send('POST', '/campaign/report-schedule/', { campaign: props.campaign.id, title, due_on: dueOn, lang: locale }),
      ).then(() => {
        setTitle('');
        setDueOn('');
      }),
    labels,
  );
  const open = props.campaign.schedules.filter((schedule) => schedule.report_id === null);
  return (
    <Panel title={t('title')} testId="dashboard-schedules">
      <p className="text-sm text-muted">{t('note')}</p>
      <RemovableList
        rows={open}
        testId="schedule-item"
        empty={t('none')}
        removeLabel={(schedule) => t('remove', { title: schedule.title })}
        onRemove={(schedule) => andReload(props, () => props.calls.send('DELETE', `/campaign/report-schedule/${schedule.id}/`))}
        render={(schedule) => (
          <p>
            <span className="font-semibold">{schedule.title}</span>{' '}
            <span className="text-sm text-muted">{t('by', { date: day(schedule.due_on) })}</span>
          </p>
        )}
      />
      <form onSubmit={(event: FormEvent) => (event.preventDefault(), void add.save())} className="flex flex-col gap-3" noValidate>
        <TextField id="schedule-title" label={labels.title} value={title} onChange={setTitle} error={add.errors.title} />
        <TextField id="schedule-due" label={labels.due_on} value={dueOn} onChange={setDueOn} error={add.errors.due_on} type="date" />
        <SaveBar label={t('add')} busy={add.busy} status={add.status} testId="schedule-add" />
      </form>
    </Panel>
  );
}
