'use client';
// The dashboard's form pieces (ADR 036): a labelled input with its error tied by aria-describedby,
// a save button that sends one request at a time, and the status line that announces the result.
import type { api } from '@kifu/domain';
import { CAMPAIGN_LIMITS } from '@kifu/domain/campaign-editing';
import type { Locale } from '@kifu/domain/enums';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { fieldMessages, type DashboardApi } from './dashboard-api';

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  multiline = false,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'number' | 'date' | 'month';
  multiline?: boolean;
  maxLength?: number;
}) {
  const common = {
    id,
    value,
    maxLength,
    'aria-invalid': Boolean(error) || undefined,
    'aria-describedby': describedBy(id, hint, error),
    'data-testid': id,
    className: inputClasses(Boolean(error), multiline ? 'min-h-28 resize-y' : undefined),
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SaveBar({ label, busy, status, testId }: { label: string; busy: boolean; status: string; testId: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" disabled={busy} className={buttonClasses()} data-testid={testId}>
        {label}
      </button>
      <p role="status" className="text-sm text-muted" data-testid={`${testId}-status`}>
        {status}
      </p>
    </div>
  );
}

/** A typed amount as a number: thousands separators (ASCII or full-width) and spaces dropped. */
export const digits = (text: string) => Number(text.replace(/[,，\s]/g, ''));

/** One text field of a FieldsForm: `name` is its key in the form's values. */
export interface FieldSpec<K extends string> {
  name: K;
  label: string;
  error: string | undefined;
  type?: 'text' | 'number' | 'date' | 'month';
  hint?: string;
  multiline?: boolean;
  maxLength?: number;
}

/** The values of a form of text fields, a setter per field, and a reset to where they started. */
export function useFormValues<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const set = (name: K) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  return { values, set, reset: () => setValues(initial) };
}

/** A form of text fields and its save bar; each field's id is `${idPrefix}-${name}`. */
export function FieldsForm<K extends string>({
  idPrefix,
  fields,
  values,
  set,
  onSubmit,
  save,
}: {
  idPrefix: string;
  fields: FieldSpec<K>[];
  values: Record<K, string>;
  set: (name: K) => (value: string) => void;
  onSubmit: () => void;
  save: { label: string; busy: boolean; status: string; testId: string };
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-3"
      noValidate
    >
      {fields.map(({ name, ...field }) => (
        <TextField key={name} id={`${idPrefix}-${name}`} value={values[name]} onChange={set(name)} {...field} />
      ))}
      <SaveBar {...save} />
    </form>
  );
}

export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-5" data-testid={testId}>
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

export interface SectionProps {
  campaign: api.EditableCampaign;
  onUpdated: (next: api.EditableCampaign) => void;
  calls: DashboardApi;
}

/** Runs a change, then answers the campaign as it now stands (so the release checklist follows). */
export async function andReload(props: SectionProps, change: () => Promise<unknown>): Promise<void> {
  await change();
  props.onUpdated(await props.calls.campaign(props.campaign.id));
}

/**
 * Rows the team can remove one by one (promotion codes, report dates), each with its remove
 * button, and the status line that says how the last removal went.
 */
export function RemovableList<T extends { id: number }>({
  rows,
  render,
  onRemove,
  removeLabel,
  empty,
  testId,
}: {
  rows: T[];
  render: (row: T) => ReactNode;
  onRemove: (row: T) => Promise<void>;
  removeLabel: (row: T) => string;
  empty: string;
  testId: string;
}) {
  const t = useTranslations('dashboard.items');
  const remove = useSave<T>(onRemove, {});
  if (rows.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {rows.map((row) => (
        <li
          key={row.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3"
          data-testid={testId}
        >
          <div className="min-w-0">{render(row)}</div>
          <button
            type="button"
            disabled={remove.busy}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            onClick={() => void remove.save(row)}
            aria-label={removeLabel(row)}
          >
            {t('remove')}
          </button>
        </li>
      ))}
      <li role="status" className="text-sm text-muted">
        {remove.status}
      </li>
    </ul>
  );
}

/** How long after the last keystroke a draft's texts are saved. */
export const AUTOSAVE_DELAY_MS = 1_500;

/**
 * A draft is saved as its owner types (ADR 036): `save` runs a moment after `values` last changed,
 * one save at a time, and again if they changed while it ran. A released campaign is saved only on
 * the button (`enabled` false), so visitors never read half a sentence. The answer's `saveNow`
 * is the button's: it counts as the save of the values it sent.
 */
export function useAutosave(values: unknown, save: () => Promise<void>, { enabled, busy }: { enabled: boolean; busy: boolean }) {
  const key = JSON.stringify(values);
  const saved = useRef(key);
  const latestSave = useRef(save);
  latestSave.current = save;
  useEffect(() => {
    if (!enabled || busy || key === saved.current) return;
    const timer = setTimeout(() => {
      saved.current = key;
      void latestSave.current();
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, enabled, busy]);
  return {
    saveNow: () => {
      saved.current = key;
      return save();
    },
  };
}

/** Writes a day of Japan's calendar (YYYY-MM-DD) as the reader's language does. */
export function useDayFormat(): (day: string) => string {
  const format = useFormatter();
  return (day) => format.dateTime(new Date(`${day}T00:00:00+09:00`), { dateStyle: 'medium', timeZone: 'Asia/Tokyo' });
}

/** A form's saving state: one request at a time, field errors and a status line. */
export function useSave<T>(run: (value: T) => Promise<void>, labels: Record<string, string>) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function save(value: T) {
    if (busy) return;
    setBusy(true);
    setStatus('');
    setErrors({});
    try {
      await run(value);
      setStatus(t('saved'));
    } catch (error) {
      const fields = fieldMessages(error, labels, locale, {
        goal_amount: { min: CAMPAIGN_LIMITS.goalMin, max: CAMPAIGN_LIMITS.goalMax },
        title: { max: CAMPAIGN_LIMITS.titleMax },
        summary: { max: CAMPAIGN_LIMITS.summaryMax },
        discount_amount: { min: 1, max: CAMPAIGN_LIMITS.rewardAmountMax },
      });
      setErrors(fields);
      setStatus(Object.keys(fields).length > 0 ? t('fixErrors') : t('saveFailed'));
    } finally {
      setBusy(false);
    }
  }
  return { busy, status, errors, save };
}

export function ImagePicker({ id, label, onPick, busy }: { id: string; label: string; onPick: (file: File) => void; busy: boolean }) {
  return (
    // A file input is as wide as its button and file name: kept to the box's width (reflow, ADR 058).
    <div className="flex max-w-full min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="max-w-full"
        accept="image/jpeg,image/png,image/webp,image/gif"
        disabled={busy}
        data-testid={id}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
