'use client';
// /dashboard/{uid}/external-gifts (ADR 077): gifts the organisation received outside Kifu — cash, a
// transfer to its own account — imported from a CSV file. Owners and staff choose a file and check
// it: every failing cell is listed by row and column in the donation form's words, and the import
// button appears only once every row passes; a row imported before is skipped, never added twice.
// Every member reads the imported gifts, each marked external.
import type { api } from '@kifu/domain';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import {
  EXTERNAL_GIFT_COLUMNS,
  EXTERNAL_GIFT_METHOD_TEXTS,
  externalGiftSampleCsv,
  type ExternalGiftColumn,
} from '@kifu/domain/external-gift-import';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { Tag } from '@/components/ui/tag';
import { ApiError, NetworkError } from '@/lib/api-client';
import { useConsoleCaller } from './console-shell';
import { useGiftFormat } from './gift-labels';
import { ListFrame, ListTable } from './list-frame';
import { useConsoleLoad } from './use-console-load';

const PAGE_SIZE = 20;
const base = (uid: string) => `/backend/associate/${encodeURIComponent(uid)}/console/external-gifts/`;

/** The file as multipart field `file` to the preview or the import; a refusal is an ApiError with the file's rule. */
async function sendFile<T>(uid: string, step: 'preview' | 'import', file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`${base(uid)}${step}/`, { method: 'POST', body: form, credentials: 'same-origin' }).catch(
    (error: unknown) => {
      throw new NetworkError(error);
    },
  );
  const body = (await response.json().catch(() => ({}))) as T & Partial<api.ErrorBody>;
  if (!response.ok) throw new ApiError(response.status, body.detail ?? `${step} failed`, body.code, body.fields);
  return body;
}

async function listOf(uid: string, page: number): Promise<api.ExternalGiftList> {
  const response = await fetch(`${base(uid)}?page=${page}&page_size=${PAGE_SIZE}`, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new ApiError(response.status, 'list failed');
  return (await response.json()) as api.ExternalGiftList;
}

async function importsOf(uid: string): Promise<api.ExternalGiftImportList> {
  const response = await fetch(`${base(uid)}imports/?page_size=100`, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new ApiError(response.status, 'imports failed');
  return (await response.json()) as api.ExternalGiftImportList;
}

async function deleteImport(uid: string, id: number): Promise<void> {
  const response = await fetch(`${base(uid)}imports/${id}/`, { method: 'DELETE', credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, 'delete failed');
}

/** The files imported, the latest 100; an owner deletes one with its gifts (ADR 077), after a confirmation. */
function ImportedFiles({ version, onDeleted }: { version: number; onDeleted: () => void }) {
  const t = useTranslations('console.externalGifts');
  const tc = useTranslations('console');
  const { associate, permissions } = useConsoleCaller();
  const format = useGiftFormat();
  const [imports] = useConsoleLoad(() => importsOf(associate.uid), `${associate.uid}:${version}`);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const remove = async (made: api.ExternalGiftImportList['results'][number]) => {
    if (!window.confirm(t('deleteConfirm', { file: made.file_name, count: made.row_count }))) return;
    try {
      await deleteImport(associate.uid, made.id);
      setNotice(t('deleted', { file: made.file_name }));
      onDeleted();
    } catch {
      setNotice(tc('loadFailed'));
    }
    // The button is gone with its row: the focus goes to what happened.
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const files = imports.state === 'loaded' ? imports.value.results : [];
  const columns = [
    t('columns.importedAt'),
    t('columns.file'),
    t('columns.rowCount'),
    ...(permissions.administer ? [t('columns.actions')] : []),
  ];
  return (
    <section className="flex flex-col gap-3" aria-labelledby={files.length > 0 ? 'external-gifts-files' : undefined}>
      {/* Always there, so the deletion is announced even when it took the last file away. */}
      <p ref={noticeRef} tabIndex={-1} aria-live="polite" role="status" className="focus:outline-none" data-testid="external-gifts-deleted">
        {notice}
      </p>
      {files.length > 0 ? (
        <>
          <h2 id="external-gifts-files" className="text-lg font-bold">
            {t('filesHeading')}
          </h2>
          <ListTable columns={columns} minWidth="min-w-[32rem]" testId="external-gifts-files">
            {files.map((made) => (
              <tr key={made.id} className="border-t border-slate-100" data-testid="external-gifts-file-row">
                <td className="px-3 py-2">{format.dateTime(made.imported_at)}</td>
                <td className="px-3 py-2">{made.file_name}</td>
                <td className="px-3 py-2 tabular-nums">{made.row_count}</td>
                {permissions.administer ? (
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      onClick={() => void remove(made)}
                      data-testid="external-gifts-delete"
                    >
                      {t('delete', { file: made.file_name })}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </ListTable>
        </>
      ) : null}
    </section>
  );
}

const columnLabel = (column: ExternalGiftColumn, locale: Locale) => EXTERNAL_GIFT_COLUMNS.find((each) => each.key === column)![locale];
const FILE_RULES = [
  'empty',
  'tooLarge',
  'tooManyRows',
  'encoding',
  'invalidCharacter',
  'unterminatedQuote',
  'missingColumn',
  'unknownColumn',
  'duplicateColumn',
  'value',
  'required',
] as const;
type FileRule = (typeof FILE_RULES)[number];
const fileRuleOf = (rule: string | undefined): FileRule =>
  (FILE_RULES as readonly string[]).includes(rule ?? '') ? (rule as FileRule) : 'value';

function SampleLinks() {
  const t = useTranslations('console.externalGifts');
  return (
    <p className="flex flex-wrap gap-3 text-sm">
      {(['ja', 'en'] as const).map((lang) => (
        <a
          key={lang}
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(externalGiftSampleCsv(lang))}`}
          download={`external-gifts-sample-${lang}.csv`}
          className="text-brand-700 underline"
          data-testid={`external-gifts-sample-${lang}`}
        >
          {t(`sample.${lang}`)}
        </a>
      ))}
    </p>
  );
}

function PreviewErrors({ errors }: { errors: api.ExternalGiftRowErrorView[] }) {
  const t = useTranslations('console.externalGifts');
  const locale = useLocale() as Locale;
  const format = useGiftFormat();
  return (
    <>
      <h3 className="font-semibold text-red-800">{t('errorsCaption', { count: errors.length })}</h3>
      <ListTable columns={[t('row'), t('column'), t('error')]} minWidth="min-w-[32rem]" testId="external-gifts-errors">
        {errors.map((error, index) => {
          const label = error.column ? columnLabel(error.column, locale) : t('wholeRow');
          const params = {
            min: error.column === 'amount' && error.params.min !== undefined ? format.yen(error.params.min) : error.params.min,
            max: error.column === 'amount' && error.params.max !== undefined ? format.yen(error.params.max) : error.params.max,
          };
          return (
            <tr
              key={index}
              className="border-t border-slate-100"
              data-testid="external-gifts-error"
              data-row={error.row}
              data-column={error.column ?? ''}
            >
              <td className="px-3 py-2 tabular-nums">{error.row}</td>
              <td className="px-3 py-2">{label}</td>
              <td className="px-3 py-2">{error.column ? fieldErrorMessage(error.rule, label, locale, params) : t('cellCount')}</td>
            </tr>
          );
        })}
      </ListTable>
    </>
  );
}

type Step =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'refused'; rule: FileRule; column: string | null }
  | { kind: 'previewed'; file: File; preview: api.ExternalGiftPreview }
  | { kind: 'imported'; result: api.ExternalGiftImportResult };

function ImportForm({ onImported }: { onImported: () => void }) {
  const t = useTranslations('console.externalGifts');
  const tc = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate } = useConsoleCaller();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [missing, setMissing] = useState(false);

  const show = (next: Step) => {
    setStep(next);
    // The outcome takes the focus so a keyboard or screen reader user lands on what happened.
    requestAnimationFrame(() => outcome.current?.focus());
  };
  const refusal = (error: unknown): Step =>
    error instanceof ApiError && error.status === 400
      ? { kind: 'refused', rule: fileRuleOf(error.fields?.file?.[0]), column: null }
      : { kind: 'refused', rule: 'value', column: 'network' };

  async function check(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setMissing(!file);
    if (!file) return input.current?.focus();
    setStep({ kind: 'busy' });
    try {
      const preview = await sendFile<api.ExternalGiftPreview>(associate.uid, 'preview', file);
      show(
        preview.file_error
          ? { kind: 'refused', rule: preview.file_error.rule, column: preview.file_error.column }
          : { kind: 'previewed', file, preview },
      );
    } catch (error) {
      show(refusal(error));
    }
  }

  async function importNow(file: File) {
    setStep({ kind: 'busy' });
    try {
      const result = await sendFile<api.ExternalGiftImportResult>(associate.uid, 'import', file);
      if (input.current) input.current.value = '';
      show({ kind: 'imported', result });
      onImported();
    } catch (error) {
      show(refusal(error));
    }
  }

  const columnName = (column: string | null) => {
    const known = EXTERNAL_GIFT_COLUMNS.find((each) => each.key === column);
    return known ? known[locale] : (column ?? '');
  };

  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {t('importHeading')}
      </h2>
      <p className="text-sm text-muted">
        {t('columnsHint', { columns: EXTERNAL_GIFT_COLUMNS.map((column) => column[locale]).join('、') })}
      </p>
      <SampleLinks />
      <form onSubmit={check} className="flex flex-col gap-3" noValidate data-testid="external-gifts-form">
        <label htmlFor={`${id}-file`} className="font-semibold">
          {t('fileLabel')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-file-hint${missing ? ` ${id}-file-error` : ''}`}
          aria-invalid={missing || undefined}
          className="text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold focus-visible:outline-2 focus-visible:outline-brand-500"
          data-testid="external-gifts-file"
          onChange={() => setStep({ kind: 'idle' })}
        />
        <p id={`${id}-file-hint`} className="text-sm text-muted">
          {t('fileHint')}
        </p>
        {missing ? (
          <p id={`${id}-file-error`} className="text-sm text-red-700">
            {t('fileMissing')}
          </p>
        ) : null}
        <div>
          <button
            type="submit"
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            disabled={step.kind === 'busy'}
            data-testid="external-gifts-check"
          >
            {t('check')}
          </button>
        </div>
      </form>
      <div
        ref={outcome}
        tabIndex={-1}
        aria-live="polite"
        className="flex flex-col gap-3 focus:outline-none"
        data-testid="external-gifts-outcome"
      >
        {step.kind === 'busy' ? <p role="status">{tc('loading')}</p> : null}
        {step.kind === 'refused' ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900" data-testid="external-gifts-refused" data-rule={step.rule}>
            {step.column === 'network' ? tc('loadFailed') : t(`fileErrors.${step.rule}`, { column: columnName(step.column) })}
          </p>
        ) : null}
        {step.kind === 'previewed' ? (
          <>
            <p className="font-semibold" data-testid="external-gifts-summary">
              {t('summary', {
                rows: step.preview.row_count,
                fresh: step.preview.new_count,
                already: step.preview.already_imported_rows.length,
                errors: step.preview.errors.length,
              })}
            </p>
            {step.preview.already_imported_rows.length > 0 ? (
              <p className="text-sm text-muted" data-testid="external-gifts-already">
                {t('alreadyRows', { rows: step.preview.already_imported_rows.join(', ') })}
              </p>
            ) : null}
            {step.preview.errors.length > 0 ? (
              <>
                <PreviewErrors errors={step.preview.errors} />
                <p className="text-sm">{t('fixAndRetry')}</p>
              </>
            ) : step.preview.new_count > 0 ? (
              <div>
                <button
                  type="button"
                  className={buttonClasses({ size: 'md' })}
                  onClick={() => void importNow(step.file)}
                  data-testid="external-gifts-import"
                >
                  {t('importButton', { count: step.preview.new_count })}
                </button>
              </div>
            ) : (
              <p data-testid="external-gifts-nothing-new">{t('nothingNew')}</p>
            )}
          </>
        ) : null}
        {step.kind === 'imported' ? (
          <p role="status" className="rounded-xl bg-emerald-50 p-3 text-emerald-900" data-testid="external-gifts-imported">
            {step.result.imported > 0 ? t('imported', { count: step.result.imported }) : t('nothingNew')}
          </p>
        ) : null}
      </div>
    </section>
  );
}

export function ExternalGiftsPage() {
  const t = useTranslations('console.externalGifts');
  const locale = useLocale() as Locale;
  const { associate, permissions } = useConsoleCaller();
  const format = useGiftFormat();
  const page = Math.max(1, Number(useSearchParams().get('page') ?? 1) || 1);
  const [version, setVersion] = useState(0);
  const [list, reloadList] = useConsoleLoad(() => listOf(associate.uid, page), `${associate.uid}:${page}:${version}`);
  const reload = () => setVersion((n) => n + 1);
  const columns = ['receivedOn', 'name', 'address', 'amount', 'method', 'file'] as const;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted">{t('lead')}</p>
      {permissions.manage ? <ImportForm onImported={reload} /> : <p className="text-sm text-muted">{t('readOnly')}</p>}
      <h2 className="text-lg font-bold">{t('listHeading')}</h2>
      <ListFrame
        load={list}
        reload={reloadList}
        name="external-gifts"
        countText={(value) => t('count', { count: value.count })}
        emptyText={t('empty')}
        filters={page > 1 ? { page: String(page) } : {}}
        pageSize={PAGE_SIZE}
      >
        {(value) => (
          <ListTable columns={columns.map((column) => t(`columns.${column}`))} minWidth="min-w-[48rem]" testId="external-gifts-table">
            {value.results.map((gift) => (
              <tr key={gift.id} className="border-t border-slate-100" data-testid="external-gift-row">
                <td className="px-3 py-2 tabular-nums">{format.date(`${gift.received_on}T00:00:00+09:00`)}</td>
                <td className="px-3 py-2">
                  {gift.name}
                  <Tag tone="info" className="ml-2">
                    {t('external')}
                  </Tag>
                </td>
                <td className="px-3 py-2">{gift.address}</td>
                <td className="px-3 py-2 text-right tabular-nums">{format.yen(gift.amount)}</td>
                <td className="px-3 py-2">{EXTERNAL_GIFT_METHOD_TEXTS[gift.method][locale]}</td>
                <td className="px-3 py-2 text-muted">{gift.file_name}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </ListFrame>
      <ImportedFiles version={version} onDeleted={reload} />
    </div>
  );
}

/** A supporter's latest method through Kifu, and the external mark for one who gave outside Kifu too (ADR 077). */
export function SupporterMethod({ supporter }: { supporter: Pick<api.ConsoleSupporter, 'method' | 'external'> }) {
  const t = useTranslations('console');
  return (
    <>
      {supporter.method ? t(`methods.${supporter.method}`) : null}
      {supporter.external ? (
        <Tag tone="info" className={supporter.method ? 'ml-2' : undefined}>
          {t('externalGifts.external')}
        </Tag>
      ) : null}
    </>
  );
}
