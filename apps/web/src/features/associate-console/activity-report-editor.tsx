'use client';
// /dashboard/{uid}/reports/{reportId} and /reports/new (ADR 068): one activity report. Owners and
// staff (the `manage` permission) write its title and body in ja and en (en optional, the public
// page falls back to ja) in the campaign reports' rich-text editor, save it as a draft, preview
// what the API kept after its sanitiser, publish it once — which mails the supporters who gave
// since the previous report, and cannot be undone — and delete a draft. Viewers read it.
import type { api } from '@kifu/domain';
import { CAMPAIGN_LIMITS } from '@kifu/domain/campaign-editing';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { CampaignStory } from '@/components/ui/campaign-story';
import { inputClasses } from '@/components/ui/input-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
// eslint-disable-next-line import-x/no-restricted-paths -- ADR 068: activity reports are written in the campaign reports' editor, the same one the API's sanitiser expects
import { RichTextEditor } from '@/features/dashboard/story-editor';
import { Link, useRouter } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-client';
import { publicReportPath } from './activity-reports';
import { consoleApi } from './console-api';
import { consolePath, useConsoleCaller } from './console-shell';
import { StatusPill, useGiftFormat } from './gift-labels';
import { useConsoleLoad } from './use-console-load';

type Field = 'title' | 'title_en' | 'body' | 'body_en';
type FieldErrors = Partial<Record<Field, string[]>>;
type Notice = { kind: 'status' | 'alert'; text: string } | null;

/** An editor that was typed in and emptied still holds `<p></p>`: that is no text, so the API's "publish needs a body" can see it. */
const textOrEmpty = (html: string) => (html.replace(/<(?!img\b)[^>]*>/gi, '').trim() ? html : '');

export function ActivityReportEditor({ reportId }: { reportId: number | null }) {
  const t = useTranslations('console');
  const { associate, permissions } = useConsoleCaller();
  const uid = associate.uid;
  const [loaded, reload] = useConsoleLoad(
    () => (reportId === null ? Promise.resolve(null) : consoleApi.activityReport(uid, reportId)),
    `${uid}:${reportId}`,
  );
  const back = (
    <Link href={consolePath(uid, 'reports')} className="text-sm text-brand-700 underline underline-offset-2">
      {t('reports.back')}
    </Link>
  );
  if (loaded.state === 'loading') return <LoadingStatus testId="report-loading">{t('loading')}</LoadingStatus>;
  if (loaded.state === 'failed')
    return loaded.status === 404 ? (
      <div className="flex flex-col gap-4">
        {back}
        <p role="alert" data-testid="report-not-found">
          {t('reports.notFound')}
        </p>
      </div>
    ) : (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="report-load-failed" />
    );
  if (!permissions.manage)
    return loaded.value ? (
      <ReadOnlyReport report={loaded.value} back={back} />
    ) : (
      <div className="flex flex-col gap-4">
        {back}
        <p role="alert" data-testid="report-managers-only">
          {t('reports.managersOnly')}
        </p>
      </div>
    );
  return <ReportForm report={loaded.value} back={back} />;
}

function ReportStatus({ report }: { report: api.EditableActivityReport | null }) {
  const t = useTranslations('console');
  const format = useGiftFormat();
  if (!report?.published_at)
    return (
      <StatusPill status="draft" tone="bg-amber-50 text-amber-900">
        {t('reports.draft')}
      </StatusPill>
    );
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
      <StatusPill status="published" tone="bg-emerald-50 text-emerald-800">
        {t('reports.published')}
      </StatusPill>
      <time dateTime={report.published_at}>{t('reports.publishedOn', { date: format.date(report.published_at) })}</time>
    </span>
  );
}

/** The report as the API keeps it (its HTML sanitised on save), in both languages when it has English. */
function SavedReport({ report, headingLevel }: { report: api.EditableActivityReport; headingLevel: 2 | 3 }) {
  const t = useTranslations('console');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const versions = [
    { lang: 'ja', title: report.title, body: report.body },
    ...(report.title_en || report.body_en ? [{ lang: 'en', title: report.title_en || report.title, body: report.body_en ?? '' }] : []),
  ];
  return (
    <div className="flex flex-col gap-6">
      {versions.map((version) => (
        <section key={version.lang} lang={version.lang} className="flex flex-col gap-3" data-testid={`report-saved-${version.lang}`}>
          {versions.length > 1 ? (
            <p className="text-sm font-semibold text-muted">{t(version.lang === 'ja' ? 'reports.inJapanese' : 'reports.inEnglish')}</p>
          ) : null}
          <Heading className="text-xl font-bold">{version.title}</Heading>
          {version.body ? <CampaignStory html={version.body} text="" /> : <p className="text-muted">{t('reports.noBody')}</p>}
        </section>
      ))}
    </div>
  );
}

function ReadOnlyReport({ report, back }: { report: api.EditableActivityReport; back: ReactNode }) {
  const t = useTranslations('console');
  const uid = useConsoleCaller().associate.uid;
  return (
    <div className="flex flex-col gap-4" data-testid="report-read-only">
      {back}
      <h1 className="text-2xl font-bold">{t('reports.reportTitle')}</h1>
      <div className="flex flex-wrap items-center gap-3">
        <ReportStatus report={report} />
        {report.published_at ? (
          <Link href={publicReportPath(uid, report.id)} className="text-sm text-brand-700 underline underline-offset-2">
            {t('reports.publicPage')}
          </Link>
        ) : null}
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6">
        <SavedReport report={report} headingLevel={2} />
      </div>
    </div>
  );
}

/** The reader's words for a refusal, and the fields it names (a 400's `fields`). */
function useFailure() {
  const t = useTranslations('console.reports.errors');
  return (error: unknown): { text: string; fields: FieldErrors } => {
    if (!(error instanceof ApiError)) return { text: t('failed'), fields: {} };
    if (error.status === 400) return { text: t('validation'), fields: (error.fields ?? {}) as FieldErrors };
    if (error.status === 403) return { text: t('forbidden'), fields: {} };
    if (error.status === 404) return { text: t('notFound'), fields: {} };
    if (error.status === 409) return { text: t('conflict'), fields: {} };
    return { text: t('failed'), fields: {} };
  };
}

function FieldError({ id, codes, body = false }: { id: string; codes: string[] | undefined; body?: boolean }) {
  const t = useTranslations('console.reports.fieldErrors');
  if (!codes?.length) return null;
  const code = codes[0]!;
  // The API's rule keys (packages/domain's field rules); a body is required only to publish.
  const key = code === 'required' ? (body ? 'bodyRequired' : 'required') : code.startsWith('maxLength') ? 'maxLength' : 'invalid';
  return (
    <p id={id} className="text-sm text-red-700" data-testid="report-field-error">
      {t(key)}
    </p>
  );
}

function ReportForm({ report, back }: { report: api.EditableActivityReport | null; back: ReactNode }) {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const uid = useConsoleCaller().associate.uid;
  const id = useId();
  const failure = useFailure();
  const [saved, setSaved] = useState(report);
  const [title, setTitle] = useState(report?.title ?? '');
  const [titleEn, setTitleEn] = useState(report?.title_en ?? '');
  const [body, setBody] = useState(report?.body ?? '');
  const [bodyEn, setBodyEn] = useState(report?.body_en ?? '');
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const published = saved?.published_at != null;

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDirty(true);
    };

  const content = () => ({
    title: title.trim(),
    title_en: titleEn.trim() || null,
    body: textOrEmpty(body),
    body_en: textOrEmpty(bodyEn) || null,
  });

  /** Checks what the browser can (a title); the API checks everything again. */
  function checked(): boolean {
    if (title.trim()) return true;
    setFields({ title: ['required'] });
    setNotice({ kind: 'alert', text: t('reports.errors.validation') });
    titleInput.current?.focus();
    return false;
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setNotice(null);
    setFields({});
    try {
      await action();
    } catch (error) {
      const { text, fields: named } = failure(error);
      setFields(named);
      setNotice({ kind: 'alert', text });
      if (named.title) titleInput.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!checked()) return;
    await run(async () => {
      if (saved) {
        setSaved(await consoleApi.changeActivityReport(uid, saved.id, content()));
      } else {
        const created = await consoleApi.addActivityReport(uid, content());
        setSaved(created);
        // The report has its address now; the page stays as it is (no reload of what is being typed).
        window.history.replaceState(null, '', window.location.pathname.replace(/\/new\/?$/, `/${created.id}`));
      }
      setDirty(false);
      setNotice({ kind: 'status', text: t('reports.savedNotice') });
    });
  }

  async function publish() {
    if (!saved || !checked()) return;
    await run(async () => {
      const answer = await consoleApi.changeActivityReport(uid, saved.id, { ...content(), publish: true });
      setSaved(answer);
      setDirty(false);
      setConfirming(false);
      const mailed = answer.mailed ?? 0;
      setNotice({ kind: 'status', text: mailed > 0 ? t('reports.publishedNotice', { count: mailed }) : t('reports.publishedNoticeNone') });
    });
  }

  async function remove() {
    if (!saved || !window.confirm(t('reports.deleteConfirm', { title: saved.title }))) return;
    await run(async () => {
      await consoleApi.removeActivityReport(uid, saved.id);
      router.push(consolePath(uid, 'reports'));
    });
  }

  const describedBy = (field: Field, hint?: string) =>
    [fields[field] ? `${id}-${field}-error` : '', hint ?? ''].join(' ').trim() || undefined;

  return (
    <div className="flex flex-col gap-6" data-testid="report-editor" lang={locale}>
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t(saved ? 'reports.reportTitle' : 'reports.new')}</h1>
        <ReportStatus report={saved} />
        {saved && published ? (
          <Link
            href={publicReportPath(uid, saved.id)}
            className="text-sm text-brand-700 underline underline-offset-2"
            data-testid="report-public-link"
          >
            {t('reports.publicPage')}
          </Link>
        ) : null}
      </div>
      <div aria-live="polite" data-testid="report-notice">
        {notice ? (
          <p
            role={notice.kind}
            className={notice.kind === 'alert' ? 'rounded-xl bg-red-50 p-3 text-red-800' : 'rounded-xl bg-emerald-50 p-3 text-emerald-900'}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      <form
        onSubmit={(event) => void save(event)}
        className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4"
        noValidate
      >
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`${id}-title`} className="font-semibold">
            {t('reports.titleJa')} <span className="text-red-700">{t('reports.required')}</span>
          </label>
          <input
            id={`${id}-title`}
            ref={titleInput}
            value={title}
            onChange={(event) => edit(setTitle)(event.target.value)}
            maxLength={CAMPAIGN_LIMITS.reportTitleMax}
            aria-required="true"
            aria-invalid={fields.title ? true : undefined}
            aria-describedby={describedBy('title')}
            className={inputClasses(Boolean(fields.title))}
            data-testid="report-title"
          />
          <FieldError id={`${id}-title-error`} codes={fields.title} />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`${id}-title-en`} className="font-semibold">
            {t('reports.titleEn')}
          </label>
          <input
            id={`${id}-title-en`}
            value={titleEn}
            onChange={(event) => edit(setTitleEn)(event.target.value)}
            maxLength={CAMPAIGN_LIMITS.reportTitleMax}
            lang="en"
            aria-invalid={fields.title_en ? true : undefined}
            aria-describedby={describedBy('title_en', `${id}-en-hint`)}
            className={inputClasses(Boolean(fields.title_en))}
            data-testid="report-title-en"
          />
          <span id={`${id}-en-hint`} className="text-muted">
            {t('reports.enHint')}
          </span>
          <FieldError id={`${id}-title_en-error`} codes={fields.title_en} />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t('reports.bodyJa')}</span>
          <RichTextEditor id="report-body" label={t('reports.bodyJa')} initial={report?.body ?? ''} onChange={edit(setBody)} />
          <FieldError id={`${id}-body-error`} codes={fields.body} body />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t('reports.bodyEn')}</span>
          <RichTextEditor id="report-body-en" label={t('reports.bodyEn')} initial={report?.body_en ?? ''} onChange={edit(setBodyEn)} />
          <FieldError id={`${id}-body_en-error`} codes={fields.body_en} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" disabled={busy} className={buttonClasses({ size: 'sm' })} data-testid="report-save">
            {t(published ? 'reports.saveChanges' : 'reports.saveDraft')}
          </button>
          <button
            type="button"
            disabled={!saved}
            aria-expanded={previewing}
            aria-controls={`${id}-preview`}
            onClick={() => setPreviewing((open) => !open)}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'disabled:opacity-60' })}
            data-testid="report-preview-toggle"
          >
            {t(previewing ? 'reports.hidePreview' : 'reports.preview')}
          </button>
          {saved && !published ? (
            <>
              <button
                ref={publishButton}
                type="button"
                disabled={busy}
                onClick={() => setConfirming(true)}
                className={buttonClasses({ size: 'sm', className: 'sm:ml-auto' })}
                data-testid="report-publish"
              >
                {t('reports.publish')}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => void remove()}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                data-testid="report-delete"
              >
                {t('reports.delete')}
              </button>
            </>
          ) : null}
        </div>
        {!saved ? <p className="text-sm text-muted">{t('reports.saveFirst')}</p> : null}
      </form>
      {confirming && saved && !published ? (
        <section
          aria-labelledby={`${id}-confirm`}
          className="flex flex-col gap-3 rounded-2xl border-2 border-brand-500 bg-white p-4"
          data-testid="report-publish-confirm"
        >
          <h2 id={`${id}-confirm`} ref={confirmHeading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
            {t('reports.confirmTitle')}
          </h2>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
            <li>{t('reports.confirmWho')}</li>
            <li>{t('reports.confirmWhat')}</li>
            <li className="font-semibold">{t('reports.confirmFinal')}</li>
          </ul>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => void publish()}
              className={buttonClasses({ size: 'sm' })}
              data-testid="report-publish-submit"
            >
              {t('reports.publishSubmit')}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                publishButton.current?.focus();
              }}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              {t('reports.cancel')}
            </button>
          </div>
        </section>
      ) : null}
      {previewing && saved ? (
        <section
          id={`${id}-preview`}
          aria-labelledby={`${id}-preview-title`}
          className="flex flex-col gap-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6"
          data-testid="report-preview"
        >
          <h2 id={`${id}-preview-title`} className="text-lg font-bold">
            {t('reports.previewTitle')}
          </h2>
          <p className="text-sm text-muted" data-testid="report-preview-note">
            {t(dirty ? 'reports.previewUnsaved' : 'reports.previewSaved')}
          </p>
          <div className="rounded-xl bg-white p-6">
            <SavedReport report={saved} headingLevel={3} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
