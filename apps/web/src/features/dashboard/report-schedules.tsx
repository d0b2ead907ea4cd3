'use client';
// The dates a campaign promises to report by (ADR 036, spec §7 /campaign/report-schedule/), on
// its reports page: supporters read them on the public page, and a report ticks off the dates it
// fulfils. A date already fulfilled by a report cannot be removed (the API refuses with 409).
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { andReload, FieldsForm, Panel, RemovableList, useDayFormat, useFormValues, useSave, type SectionProps } from './dashboard-form';

export function ReportSchedulesPanel(props: SectionProps) {
  const t = useTranslations('dashboard.schedules');
  const locale = useLocale() as Locale;
  const day = useDayFormat();
  const form = useFormValues({ title: '', due: '' });
  const add = useSave<void>(
    () =>
      andReload(props, () =>
        props.calls.send('POST', '/campaign/report-schedule/', {
          campaign: props.campaign.id,
          title: form.values.title,
          due_on: form.values.due,
          lang: locale,
        }),
      ).then(form.reset),
    { title: t('what'), due_on: t('dueOn') },
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
      <FieldsForm
        idPrefix="schedule"
        {...form}
        onSubmit={() => void add.save()}
        save={{ label: t('add'), busy: add.busy, status: add.status, testId: 'schedule-add' }}
        fields={[
          { name: 'title', label: t('what'), error: add.errors.title },
          { name: 'due', label: t('dueOn'), error: add.errors.due_on, type: 'date' },
        ]}
      />
    </Panel>
  );
}
