'use client';
// A document's CSV and PDF as two download links side by side (the donor register, a statement),
// with what the reader should know of them beside.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';

export function FileLinks({ file, testId, note }: { file: (format: 'csv' | 'pdf') => string; testId: string; note?: ReactNode }) {
  const t = useTranslations('console');
  return (
    <div className="flex flex-wrap items-center gap-3">
      <a href={file('csv')} download className={buttonClasses({ size: 'sm' })} data-testid={`${testId}-csv`}>
        {t('downloadCsv')}
      </a>
      <a href={file('pdf')} download className={buttonClasses({ variant: 'secondary', size: 'sm' })} data-testid={`${testId}-pdf`}>
        {t('downloadPdf')}
      </a>
      {note ? <span className="text-sm text-muted">{note}</span> : null}
    </div>
  );
}
