// Page width classes of spec §2 ("Page layout options"): small 52rem, medium 65rem, large 78rem.
import type { ReactNode } from 'react';
import { cx } from './cx';

export type PageWidth = 'sm' | 'md' | 'lg';

const widthClass: Record<PageWidth, string> = {
  sm: 'max-w-page-sm',
  md: 'max-w-page-md',
  lg: 'max-w-page-lg',
};

export function PageContainer({ width = 'lg', className, children }: { width?: PageWidth; className?: string; children: ReactNode }) {
  return <div className={cx('mx-auto w-full px-4 md:px-6', widthClass[width], className)}>{children}</div>;
}
