// What a signed-in page shows while its data loads, and when loading failed: a quiet status line,
// or an alert with the reason and a retry button. One look for every such page.
import type { ReactNode } from 'react';
import { buttonClasses } from './button-styles';

export function LoadingStatus({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p role="status" className="py-16 text-center text-muted" data-testid={testId}>
      {children}
    </p>
  );
}

export function LoadFailed({
  message,
  detail,
  retryLabel,
  onRetry,
  testId,
}: {
  message: string;
  detail?: string;
  retryLabel: string;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <div role="alert" className="rounded-2xl bg-red-50 p-6 text-center" data-testid={testId}>
      <p>{message}</p>
      {detail ? <p className="mt-1 text-sm text-muted">{detail}</p> : null}
      <button type="button" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
