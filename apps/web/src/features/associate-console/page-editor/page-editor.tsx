'use client';
// /dashboard/{uid}/page (ADR 067): the organisation's public page, edited with each text's Japanese
// and English side by side. A text changed in one language only is flagged beside it while typing
// and again when saved (domain associate-page.ts; a warning, never a refusal). A preview draws the
// public page's main parts with the unsaved texts. Viewers see the form read-only (ADR 060); the
// API checks the role again and names each refused field. The images, the lists (businesses,
// members, preset amounts, plan names, social challenges) and the certification's expiry: ADR 070.
import type { api } from '@kifu/domain';
import {
  ASSOCIATE_PAGE_LIMITS as L,
  THANKS_MAIL_PLACEHOLDERS,
  pageLanguageWarnings,
  type ListLanguageWarning,
  type PageLanguageWarning,
} from '@kifu/domain/associate-page';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { isFieldRuleKey } from '@kifu/domain/schemas/rule-keys';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-client';
import { useConsoleCaller } from '../console-shell';
import { useConsoleLoad } from '../use-console-load';
import { pageEditorApi } from './page-editor-api';
import { PageImages } from './page-images';
import { changedLists, draftsOf, PageLists, type ListDrafts } from './page-lists';
import { PagePreview } from './page-preview';
import { TextControl } from './text-control';

type Texts = api.AssociatePageTexts;
type FieldName = keyof Texts;
type BaseField = Exclude<FieldName, `${string}_en`>;
interface FieldSpec {
  name: BaseField;
  bilingual: boolean;
  max: number;
  rows?: number;
  type?: 'url' | 'date';
}

const SECTIONS: { key: 'profile' | 'facts' | 'thanks' | 'receipt'; fields: FieldSpec[] }[] = [
  {
    key: 'profile',
    fields: [
      { name: 'name', bilingual: true, max: L.nameMax },
      { name: 'catch_copy', bilingual: true, max: L.catchCopyMax },
      { name: 'description', bilingual: true, max: L.descriptionMax, rows: 6 },
      { name: 'vision_core', bilingual: true, max: L.visionCoreMax, rows: 2 },
      { name: 'vision_detail', bilingual: true, max: L.visionDetailMax, rows: 5 },
      { name: 'profile', bilingual: true, max: L.profileMax, rows: 5 },
    ],
  },
  {
    key: 'facts',
    fields: [
      { name: 'representative', bilingual: true, max: L.representativeMax },
      { name: 'address', bilingual: true, max: L.addressMax },
      { name: 'website_url', bilingual: false, max: L.websiteMax, type: 'url' },
    ],
  },
  {
    key: 'thanks',
    fields: [
      { name: 'thanks_subject', bilingual: true, max: L.thanksSubjectMax },
      { name: 'thanks_body', bilingual: true, max: L.thanksBodyMax, rows: 6 },
    ],
  },
  {
    key: 'receipt',
    fields: [
      { name: 'certification_number', bilingual: false, max: L.certificationNumberMax },
      { name: 'certification_authority', bilingual: true, max: L.certificationAuthorityMax },
      { name: 'certified_on', bilingual: false, max: 10, type: 'date' },
      { name: 'certification_expires_on', bilingual: false, max: 10, type: 'date' },
    ],
  },
];

/** Every control in the form's order, Japanese before English. */
const FIELD_ORDER: FieldName[] = SECTIONS.flatMap((section) =>
  section.fields.flatMap((spec) => (spec.bilingual ? [spec.name, `${spec.name}_en` as FieldName] : [spec.name])),
);

/** The page's own texts: every field of the form's sections (the images and lists have their own state). */
function textsOf(page: api.EditableAssociatePage): Texts {
  return Object.fromEntries(FIELD_ORDER.map((field) => [field, page[field]])) as Texts;
}

type Notice = {
  kind: 'status' | 'alert';
  text: string;
  warnings?: PageLanguageWarning[];
  listWarnings?: { warning: ListLanguageWarning; name: string }[];
} | null;

export function PageEditor() {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate } = useConsoleCaller();
  const uid = associate.uid;
  const [loaded, reload] = useConsoleLoad(() => pageEditorApi.page(uid), `${uid}:page`);
  return (
    <div className="flex flex-col gap-6" data-testid="console-page-editor">
      <h1 className="text-2xl font-bold">{t('page.title')}</h1>
      <p className="text-muted">{t('page.lead')}</p>
      {loaded.state === 'loading' ? <LoadingStatus testId="page-loading">{t('loading')}</LoadingStatus> : null}
      {loaded.state === 'failed' ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="page-load-failed" />
      ) : null}
      {loaded.state === 'loaded' ? <PageForm key={loaded.value.updated_at} page={loaded.value} locale={locale} /> : null}
    </div>
  );
}

function PageForm({ page: initial, locale }: { page: api.EditableAssociatePage; locale: Locale }) {
  const t = useTranslations('console');
  const { permissions } = useConsoleCaller();
  const [page, setPage] = useState(initial);
  const [saved, setSaved] = useState<Texts>(() => textsOf(initial));
  const [values, setValues] = useState<Texts>(() => textsOf(initial));
  const [savedLists, setSavedLists] = useState<ListDrafts>(() => draftsOf(initial));
  const [lists, setLists] = useState<ListDrafts>(() => draftsOf(initial));
  /** Refused fields by the API's path: a text's name, or a list item's (`businesses.0.name`). */
  const [errors, setErrors] = useState<Partial<Record<string, string[]>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const readOnly = !permissions.manage;
  const warnings = pageLanguageWarnings(saved, values);
  const warningOf = (field: BaseField) => warnings.find((warning) => warning.field === field);
  const labelOf = (field: BaseField) => t(`page.fields.${field}`);

  useEffect(() => {
    if (previewing) previewHeading.current?.focus();
  }, [previewing]);
  // After a refusal, the first refused field takes the focus, where its reason is read out.
  useEffect(() => {
    const first = FIELD_ORDER.find((name) => errors[name]) ?? Object.keys(errors)[0];
    if (first) document.getElementById(`page-${first.replaceAll('.', '-')}`)?.focus();
  }, [errors]);

  const errorText = (field: FieldName, base: BaseField, max: number) => {
    const rule = errors[field]?.[0];
    if (!rule) return '';
    const label = field.endsWith('_en') ? `${labelOf(base)}（${t('page.en')}）` : labelOf(base);
    return isFieldRuleKey(rule) ? fieldErrorMessage(rule, label, locale, { max }) : t('page.invalidField', { field: label });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || busy) return;
    const changes = {
      ...Object.fromEntries(Object.entries(values).filter(([field, value]) => saved[field as FieldName] !== value)),
      ...changedLists(savedLists, lists),
    };
    if (Object.keys(changes).length === 0) return setNotice({ kind: 'status', text: t('page.nothingChanged') });
    setBusy(true);
    setNotice(null);
    try {
      const answer = await pageEditorApi.save(page.uid, changes);
      setPage(answer.page);
      setSaved(textsOf(answer.page));
      setValues(textsOf(answer.page));
      setSavedLists(draftsOf(answer.page));
      setLists(draftsOf(answer.page));
      setErrors({});
      const listWarnings = answer.list_warnings.map((warning) => ({
        warning,
        name: String((answer.page[warning.list][warning.index] as { name?: string } | undefined)?.name ?? ''),
      }));
      setNotice({
        kind: 'status',
        text: answer.warnings.length + listWarnings.length > 0 ? t('page.savedWithWarnings') : t('page.saved'),
        warnings: answer.warnings,
        listWarnings,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        setErrors(error.fields);
        setNotice({ kind: 'alert', text: t('page.invalid') });
      } else setNotice({ kind: 'alert', text: error instanceof ApiError && error.status === 403 ? t('page.readOnly') : t('page.failed') });
    } finally {
      setBusy(false);
    }
  }

  const control = (spec: FieldSpec, field: FieldName, label: string, lang: 'ja' | 'en' | null) => (
    <TextControl
      id={`page-${field}`}
      label={label}
      value={values[field]}
      onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
      readOnly={readOnly}
      max={spec.max}
      rows={spec.rows}
      type={spec.type}
      lang={lang ?? undefined}
      error={errorText(field, spec.name, spec.max)}
      warningId={lang !== null && warningOf(spec.name)?.missing === lang ? `page-${spec.name}-warning` : undefined}
    />
  );

  const field = (spec: FieldSpec) => {
    const label = labelOf(spec.name);
    if (!spec.bilingual) return <div key={spec.name}>{control(spec, spec.name, label, null)}</div>;
    const warning = warningOf(spec.name);
    return (
      <fieldset key={spec.name} className="flex flex-col gap-2" data-testid={`page-field-${spec.name}`}>
        <legend className="mb-1 font-semibold">{label}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {control(spec, spec.name, t('page.jaLabel', { field: label }), 'ja')}
          {control(spec, `${spec.name}_en` as FieldName, t('page.enLabel', { field: label }), 'en')}
        </div>
        {warning ? (
          <p
            id={`page-${spec.name}-warning`}
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid={`page-warning-${spec.name}`}
          >
            {t(`page.warning.${warning.missing}`)}
          </p>
        ) : null}
      </fieldset>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-8" aria-describedby={readOnly ? 'page-read-only' : undefined}>
      {readOnly ? (
        <p id="page-read-only" className="rounded-xl bg-slate-50 p-3 text-sm" data-testid="page-read-only">
          {t('page.readOnly')}
        </p>
      ) : null}
      {/* Saved as soon as chosen, apart from the texts: only the images change in the page kept here. */}
      <PageImages page={page} readOnly={readOnly} locale={locale} onChanged={(changed) => setPage(changed)} />
      {SECTIONS.map((section) => (
        <section
          key={section.key}
          aria-labelledby={`page-section-${section.key}`}
          className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <h2 id={`page-section-${section.key}`} className="text-lg font-bold">
            {t(`page.sections.${section.key}`)}
          </h2>
          {section.key === 'thanks' ? (
            <p className="text-sm text-muted">
              {t('page.thanksHint', { placeholders: THANKS_MAIL_PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ') })}
            </p>
          ) : null}
          {section.key === 'profile' ? <p className="text-sm text-muted">{t('page.enHint')}</p> : null}
          {section.fields.map(field)}
        </section>
      ))}
      <PageLists drafts={lists} setDrafts={setLists} saved={savedLists} readOnly={readOnly} errors={errors} locale={locale} page={page} />
      <div aria-live="polite" data-testid="page-notice">
        {notice ? (
          <div
            role={notice.kind}
            className={notice.kind === 'alert' ? 'rounded-xl bg-red-50 p-3 text-red-800' : 'rounded-xl bg-emerald-50 p-3 text-emerald-900'}
          >
            <p>{notice.text}</p>
            {(notice.warnings?.length ?? 0) + (notice.listWarnings?.length ?? 0) > 0 ? (
              <ul className="mt-2 list-disc pl-5 text-sm">
                {notice.warnings?.map((warning) => (
                  <li key={warning.field}>{t(`page.warningItem.${warning.missing}`, { field: labelOf(warning.field) })}</li>
                ))}
                {notice.listWarnings?.map(({ warning, name }) => (
                  <li key={`${warning.list}-${warning.index}-${warning.field}`}>
                    {t(`page.lists.warningItem.${warning.missing}`, {
                      list: `${t(`page.lists.${warning.list}.item`)} ${warning.index + 1}`,
                      item: name,
                      field: t(`page.lists.fields.${warning.list}.${warning.field}` as 'page.lists.fields.businesses.name'),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
            {notice.kind === 'status' && notice.warnings ? (
              <Link
                href={`/associate/${encodeURIComponent(page.uid)}`}
                className="mt-2 inline-block text-sm text-brand-700 underline"
                data-testid="page-view-public"
              >
                {t('page.viewPublic')}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary' })}
          aria-expanded={previewing}
          aria-controls="page-preview"
          data-testid="page-preview-toggle"
          onClick={() => setPreviewing((open) => !open)}
        >
          {previewing ? t('page.hidePreview') : t('page.showPreview')}
        </button>
        {readOnly ? null : (
          <button type="submit" disabled={busy} className={buttonClasses()} data-testid="page-save">
            {busy ? t('page.saving') : t('page.save')}
          </button>
        )}
      </div>
      <div id="page-preview">
        {previewing ? (
          <PagePreview page={page} values={values} lists={lists} headingId="page-preview-title" headingRef={previewHeading} />
        ) : null}
      </div>
    </form>
  );
}
