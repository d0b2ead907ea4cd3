import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  // brand-700: white text on it passes WCAG AA (about 5.8:1; brand-500 gives 3:1). Hover darkens it.
  primary: 'bg-brand-700 text-white hover:brightness-90 focus-visible:outline-brand-700',
  secondary: 'border border-slate-300 bg-white text-ink hover:bg-slate-50 focus-visible:outline-brand-500',
  ghost: 'text-ink hover:bg-slate-100 focus-visible:outline-brand-500',
};
const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Shared look for buttons and button-like links. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2',
    variants[variant],
    sizes[size],
    className,
  );
}
