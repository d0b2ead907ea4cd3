'use client';
// One labelled control of the page editor (ADR 067/070): a text, address, date or number input or a
// text area, its refusal read out with it, and — for one language of a pair — the warning that it
// was left behind when the other changed. The page's texts and its lists' items draw theirs here.
import { describedBy, inputClasses } from '@/components/ui/input-styles';

export interface TextControlProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  max?: number;
  rows?: number;
  type?: 'text' | 'url' | 'date' | 'number';
  lang?: 'ja' | 'en';
  /** The refusal's words, '' when none. */
  error: string;
  /** The id of a warning beside the pair that concerns this control, read out with it. */
  warningId?: string;
}

export function TextControl({ id, label, value, onChange, readOnly, max, rows, type = 'text', lang, error, warningId }: TextControlProps) {
  const common = {
    id,
    value,
    readOnly,
    maxLength: type === 'number' ? undefined : max,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [describedBy(id, false, error), warningId].filter(Boolean).join(' ') || undefined,
    lang,
    className: inputClasses(Boolean(error), readOnly ? 'bg-slate-50' : undefined),
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {rows ? (
        <textarea rows={rows} {...common} />
      ) : (
        <input type={type} inputMode={type === 'number' ? 'numeric' : undefined} {...common} />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
