// Text inputs as every form of the site draws them (the donation form, sign-in, my page), and the
// aria-describedby that ties a control to its hint and its error.
import { cx } from './cx';

export const inputClasses = (invalid: boolean, className?: string) =>
  cx(
    'block w-full rounded-xl border bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400',
    'focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:bg-slate-100 disabled:text-slate-500',
    invalid ? 'border-red-500 focus:border-red-500' : 'border-slate-300 focus:border-brand-500',
    className,
  );

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
