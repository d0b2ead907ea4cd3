'use client';
// Loads one console call and says where it stands: loading, loaded, failed (with the API's status,
// so a page can tell "not yours" from "try again"). `reload` asks again.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';

export type Load<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed'; status: number | null };

export function useConsoleLoad<T>(load: (signal: { cancelled: boolean }) => Promise<T>, key: string): [Load<T>, () => void] {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const signal = { cancelled: false };
    setResult({ state: 'loading' });
    load(signal).then(
      (value) => !signal.cancelled && setResult({ state: 'loaded', value }),
      (error: unknown) => !signal.cancelled && setResult({ state: 'failed', status: error instanceof ApiError ? error.status : null }),
    );
    return () => {
      signal.cancelled = true;
    };
    // `key` names everything `load` reads, so `load` itself is not a dependency.
  }, [key, attempt]);
  return [result, reload];
}
