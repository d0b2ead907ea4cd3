// Form building blocks of the donation form: a labelled field with its hint and error, text
// inputs, selects, checkboxes and choice cards. Every control gets a visible label, aria-invalid
// and aria-describedby pointing at its hint and error, so screen readers hear what is wrong.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { describedBy, inputClasses } from '@/components/ui/input-styles';

export { describedBy, inputClasses };

export function RequiredMark({ required, labels }: { required?: boolean; labels: { required: string; optional: string } }) {
  // The badge is for the eye; inputs say aria-required, so the label stays the field's name.
  return required ? (
    <span aria-hidden="true" className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-[0.7rem] font-bold text-brand-700">
      {labels.required}
    </span>
  ) : (
    <span aria-hidden="true" className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-[0.7rem] font-semibold text-slate-600">
      {labels.optional}
    </span>
  );
}

export function ErrorText({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1 text-sm font-semibold text-red-700" data-testid="field-error">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
        <path d="M10 2a8 8 0 100 16 8 8 0 000-16zm-.75 4h1.5v5h-1.5V6zm0 6.5h1.5V14h-1.5v-1.5z" />
      </svg>
      {children}
    </p>
  );
}

export function Field({
  id,
  label,
  hint,
  error,
  required,
  labels,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  labels: { required: string; optional: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 flex items-center text-sm font-bold">
        {label}
        <RequiredMark required={required} labels={labels} />
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs leading-relaxed text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorText id={id}>{error}</ErrorText>
    </div>
  );
}

export function TextInput({ invalid, className, ...props }: ComponentPropsWithRef<'input'> & { invalid?: boolean }) {
  return <input {...props} aria-invalid={invalid || undefined} className={inputClasses(Boolean(invalid), className)} />;
}

export function SelectInput({ invalid, className, children, ...props }: ComponentPropsWithRef<'select'> & { invalid?: boolean }) {
  return (
    <div className="relative">
      <select
        {...props}
        aria-invalid={invalid || undefined}
        className={inputClasses(Boolean(invalid), cx('appearance-none pr-8', className))}
      >
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute right-2.5 top-1/2 size-4 -translate-y-1/2 text-muted"
      >
        <path d="M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z" />
      </svg>
    </div>
  );
}

export function Checkbox({
  label,
  hint,
  id,
  ...props
}: ComponentPropsWithRef<'input'> & { id: string; label: ReactNode; hint?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <input
        {...props}
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-500"
      />
      <div>
        <label htmlFor={id} className="font-semibold leading-snug">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-xs leading-relaxed text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A radio shown as a selectable card. */
export function ChoiceCard({
  id,
  label,
  description,
  aside,
  className,
  'data-testid': testId,
  ...props
}: ComponentPropsWithRef<'input'> & { id: string; label: ReactNode; description?: ReactNode; aside?: ReactNode; 'data-testid'?: string }) {
  return (
    <label
      htmlFor={id}
      data-testid={testId}
      className={cx(
        'flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white p-3 transition-colors',
        'has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
        className,
      )}
    >
      <input {...props} id={id} type="radio" className="mt-1 size-4 shrink-0 accent-brand-500" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold leading-snug">{label}</span>
        {description ? <span className="mt-0.5 block text-xs leading-relaxed text-muted">{description}</span> : null}
      </span>
      {aside ? <span className="shrink-0 text-right text-sm">{aside}</span> : null}
    </label>
  );
}

export function Fieldset({
  legend,
  children,
  error,
  id,
  className,
  required,
  labels,
}: {
  legend: string;
  children: ReactNode;
  error?: string;
  id: string;
  className?: string;
  required?: boolean;
  labels?: { required: string; optional: string };
}) {
  return (
    <fieldset className={cx('min-w-0', className)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 flex items-center text-sm font-bold">
        {legend}
        {labels ? <RequiredMark required={required} labels={labels} /> : null}
      </legend>
      {children}
      <ErrorText id={id}>{error}</ErrorText>
    </fieldset>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6" data-testid={testId}>
      <h3 className="mb-4 text-base font-bold md:text-lg">{title}</h3>
      <div className="flex flex-col gap-5">{children}</div>
    </section>
  );
}
