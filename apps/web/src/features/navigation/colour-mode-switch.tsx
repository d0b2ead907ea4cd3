'use client';
// The light / dark / system switch of the top bar: three toggle buttons, the pressed one is the
// current mode. Icons with accessible names keep it small enough for a phone's bar.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { COLOUR_MODES, type ColourMode } from './colour-mode';
import { useColourMode } from './colour-mode-provider';

const ICONS: Record<ColourMode, ReactNode> = {
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  dark: <path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11z" />,
  system: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </>
  ),
};

export function ColourModeSwitch({ className }: { className?: string }) {
  const t = useTranslations('nav.colourMode');
  const { mode, setMode } = useColourMode();
  return (
    <div
      role="group"
      aria-label={t('label')}
      data-testid="colour-mode-switch"
      className={cx('inline-flex rounded-full border border-slate-200 p-0.5', className)}
    >
      {COLOUR_MODES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={mode === option}
          aria-label={t(option)}
          title={t(option)}
          data-testid={`colour-mode-${option}`}
          onClick={() => setMode(option)}
          className={cx(
            'inline-flex size-7 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
            mode === option ? 'bg-slate-900 text-white' : 'text-muted hover:bg-slate-100',
          )}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            {ICONS[option]}
          </svg>
        </button>
      ))}
    </div>
  );
}
