'use client';
// One load of a staff page's data: loading, loaded, forbidden (the API's 403: not staff), not
// found, or failed with a retry.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';

export type StaffLoad<T> =
  { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'forbidden' } | { state: 'notFound' } | { state: 'failed' };

export function useStaffLoad<T>(load: () => Promise<T>, key: string): [StaffLoad<T>, () => void, (value: T) => void] {
  const [result, setResult] = useState<StaffLoad<T>>({ state: 'loading' });
  // `key` names what is loaded: the loader itself is a new function on every render.
  const run = useCallback(load, [key]);
  const reload = useCallback(() => {
    setResult({ state: 'loading' });
    run()
      .then((value) => setResult({ state: 'loaded', value }))
      .catch((error: unknown) =>
        setResult({
          state:
            error instanceof ApiError && error.status === 403
              ? 'forbidden'
              : error instanceof ApiError && error.status === 404
                ? 'notFound'
                : 'failed',
        }),
      );
  }, [run]);
  useEffect(reload, [reload]);
  return [result, reload, (value: T) => setResult({ state: 'loaded', value })];
}
