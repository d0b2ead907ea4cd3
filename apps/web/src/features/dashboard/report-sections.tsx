'use client';
// Reporting back from the dashboard (ADR 036): the campaign's reports (report), a new one
// (report/create) and one to edit and publish (report/{reportId}) — publishing mails everyone who
// gave — and the supporters' messages, answered or hidden (message).
import type { api } from '@kifu/domain';
import { CAMPAIGN_LIMITS } from '@kifu/domain/campaign-editing';
import type { Locale } from '@kifu/domain/enums';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingStatus } from '@/components/ui/load-states';
import { Link, useRouter } from '@/i18n/navigation';
import { dashboardPath } from './dashboard-paths';
import { ReportSchedulesPanel } from './report-schedules';
import { Panel, SaveBar, TextField, useDayFormat, useSave, type SectionProps } from './dashboard-form';
import { RichTextEditor } from './story-editor';

type Report = api.EditableCampaign['reports'][number];

export function ReportsSection(props: SectionProps & { path: string[] }) {
  const [, which] = props.path;
  if (which === 'create') return <ReportEditor {...props} report={null} />;
  const report = props.campaign.reports.find((candidate) => String(candidate.id) === which);
  if (which && report) return <ReportEditor key={report.id} {...props} report={report} />;
  return (
    <>
      <ReportList {...props} />
      <ReportSchedulesPanel {...props} />
    </>
  );
}

function ReportList({ campaign }: SectionProps) {
  const t = useTranslations('dashboard.reports');
  const format = useFormatter();
  return (
    <Panel title={t('title')} testId="dashboard-reports">
      <Link
        href={dashboardPath(campaign.id, 'report/create')}
        className={buttonClasses({ className: 'self-start' })}
        data-testid="report-create-link"
      >
        {t('create')}
      </Link>
      {campaign.reports.length === 0 ? <p className="text-muted">{t('none')}</p> : null}
      <ul className="flex flex-col gap-2">
        {campaign.reports.map((report) => (
          <li
            key={report.id}
            className="flex flex-wrap justify-between gap-2 rounded-xl border border-slate-200 p-3"
            data-testid="report-item"
          >
            <Link href={dashboardPath(campaign.id, `report/${report.id}`)} className="font-semibold text-brand-700 underline">
              {report.title}
            </Link>
            <span className="text-sm text-muted">
              {report.published_at
                ? t('publishedOn', { date: format.dateTime(new Date(report.published_at), { dateStyle: 'medium' }) })
                : t('draft')}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function ReportEditor({ campaign, onUpdated, calls, report }: SectionProps & { report: Report | null }) {
  const t = useTranslations('dashboard.reports');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [title, setTitle] = useState(report?.title ?? '');
  const [body, setBody] = useState(report?.body ?? '');
  const [schedules, setSchedules] = useState<number[]>(report?.schedule_ids ?? []);
  const day = useDayFormat();
  const labels = { title: t('reportTitle'), body: t('body') };
  const reload = async () => onUpdated(await calls.campaign(campaign.id));
  const save = useSave<boolean>(async (publish) => {
    const payload = { title, body, schedule_ids: schedules, lang: locale };
    const saved = report
      ? await calls.send<Report>('PATCH', `/campaign/${campaign.id}/reports/${report.id}/`, {
          ...payload,
          ...(publish ? { publish: true } : {}),
        })
      : await calls.send<Report>('POST', `/campaign/${campaign.id}/reports/`, payload);
    await reload();
    if (!report) router.replace(dashboardPath(campaign.id, `report/${saved.id}`));
  }, labels);
  return (
    <Panel title={report ? t('edit') : t('create')} testId="dashboard-report-editor">
      <form onSubmit={(event: FormEvent) => (event.preventDefault(), void save.save(false))} className="flex flex-col gap-4" noValidate>
        <TextField
          id="report-title"
          label={labels.title}
          value={title}
          onChange={setTitle}
          error={save.errors.title}
          maxLength={CAMPAIGN_LIMITS.reportTitleMax}
        />
        <RichTextEditor
          id="report-editor"
          label={labels.body}
          initial={report?.body ?? ''}
          onChange={setBody}
          onImage={async (file) => (await calls.reportImage(campaign.id, file)).url}
        />
        {campaign.schedules.length > 0 ? (
          <fieldset className="flex flex-col gap-1">
            <legend className="font-semibold">{t('schedules')}</legend>
            {campaign.schedules.map((schedule) => (
              <label key={schedule.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={schedules.includes(schedule.id)}
                  onChange={(event) =>
                    setSchedules((current) =>
                      event.target.checked ? [...current, schedule.id] : current.filter((id) => id !== schedule.id),
                    )
                  }
                />
                {t('scheduleOption', { title: schedule.title, date: day(schedule.due_on) })}
              </label>
            ))}
          </fieldset>
        ) : null}
        <SaveBar label={t('saveDraft')} busy={save.busy} status={save.status} testId="report-save" />
      </form>
      {report && report.published_at === null ? (
        <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4">
          <p className="text-sm">{campaign.status === 'draft' ? t('publishNeedsRelease') : t('publishNote')}</p>
          <button
            type="button"
            disabled={save.busy || campaign.status === 'draft'}
            onClick={() => void save.save(true)}
            className={buttonClasses({ className: 'self-start' })}
            data-testid="report-publish"
          >
            {t('publish')}
          </button>
        </div>
      ) : null}
      {report?.published_at ? (
        <p className="text-sm font-semibold text-emerald-800" data-testid="report-published">
          {t('published')}
        </p>
      ) : null}
    </Panel>
  );
}

export function MessagesSection({ campaign, calls }: SectionProps) {
  const t = useTranslations('dashboard.messages');
  const [messages, setMessages] = useState<api.DashboardMessage[] | null>(null);
  const load = useCallback(() => {
    void calls
      .send<{ results: api.DashboardMessage[] }>('GET', `/campaign/${campaign.id}/messages/manage/?page_size=100`)
      .then((list) => setMessages(list.results))
      .catch(() => setMessages([]));
  }, [calls, campaign.id]);
  useEffect(load, [load]);
  if (messages === null) return <LoadingStatus>{t('loading')}</LoadingStatus>;
  return (
    <Panel title={t('title')} testId="dashboard-messages">
      {messages.length === 0 ? <p className="text-muted">{t('none')}</p> : null}
      <ul className="flex flex-col gap-3">
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            campaignId={campaign.id}
            calls={calls}
            onUpdated={(next) => setMessages((list) => list?.map((item) => (item.id === next.id ? next : item)) ?? null)}
          />
        ))}
      </ul>
    </Panel>
  );
}

function MessageItem({
  message,
  campaignId,
  calls,
  onUpdated,
}: {
  message: api.DashboardMessage;
  campaignId: number;
  calls: SectionProps['calls'];
  onUpdated: (next: api.DashboardMessage) => void;
}) {
  const t = useTranslations('dashboard.messages');
  const [reply, setReply] = useState(message.reply ?? '');
  const update = useSave<{ reply?: string | null; hidden?: boolean }>(
    async (change) => onUpdated(await calls.send<api.DashboardMessage>('PATCH', `/campaign/${campaignId}/messages/${message.id}/`, change)),
    { reply: t('reply') },
  );
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3" data-testid="dashboard-message" data-hidden={message.hidden}>
      <p className="whitespace-pre-line">{message.message}</p>
      <p className="text-sm text-muted">{message.name ?? t('anonymous')}</p>
      <form
        onSubmit={(event: FormEvent) => (event.preventDefault(), void update.save({ reply: reply.trim() || null }))}
        className="flex flex-col gap-2"
      >
        <TextField
          id={`reply-${message.id}`}
          label={t('reply')}
          value={reply}
          onChange={setReply}
          error={update.errors.reply}
          multiline
          maxLength={CAMPAIGN_LIMITS.replyMax}
        />
        <div className="flex flex-wrap gap-2">
          <SaveBar label={t('sendReply')} busy={update.busy} status={update.status} testId={`reply-${message.id}-save`} />
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary' })}
            onClick={() => void update.save({ hidden: !message.hidden })}
          >
            {message.hidden ? t('show') : t('hide')}
          </button>
        </div>
      </form>
    </li>
  );
}
