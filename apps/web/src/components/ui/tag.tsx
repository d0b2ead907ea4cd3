import type { ReactNode } from 'react';
import { cx } from './cx';

export type TagTone = 'brand' | 'neutral' | 'success' | 'info';

const tones: Record<TagTone, string> = {
  brand: 'bg-brand-100 text-brand-700',
  neutral: 'bg-slate-100 text-slate-700',
  success: 'bg-emerald-100 text-emerald-800',
  info: 'bg-sky-100 text-sky-800',
};

export function Tag({ tone = 'neutral', className, children }: { tone?: TagTone; className?: string; children: ReactNode }) {
  return (
    <span className={cx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold leading-5', tones[tone], className)}>
      {children}
    </span>
  );
}
