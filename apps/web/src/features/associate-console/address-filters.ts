'use client';
// The console's lists keep their filters in the page's address (?kind=monthly&page=2), so a
// filtered list can be bookmarked, shared with a colleague and gone back to. These read them back
// (leaving out what the API would refuse rather than failing the page) and write a submitted filter
// form into the address.
import type { FormEvent } from 'react';
import type { ZodType } from 'zod';
import { usePathname, useRouter } from '@/i18n/navigation';

export function filtersOf(params: URLSearchParams, names: readonly string[], schema: ZodType): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of [...names, 'page']) {
    const value = params.get(name)?.trim();
    if (value) query[name] = value;
  }
  const checked = schema.safeParse(query);
  if (checked.success) return query;
  const bad = new Set(checked.error.issues.map((issue) => String(issue.path[0])));
  return Object.fromEntries(Object.entries(query).filter(([name]) => !bad.has(name)));
}

/** The form's `onSubmit`: its named fields that are filled become the address's query, from page 1. */
export function useFilterSubmit(names: readonly string[]) {
  const router = useRouter();
  const pathname = usePathname();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const query: Record<string, string> = {};
    for (const name of names) {
      const value = String(data.get(name) ?? '').trim();
      if (value) query[name] = value;
    }
    router.push({ pathname, query });
  };
}
