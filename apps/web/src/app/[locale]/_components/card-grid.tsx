import type { ReactNode } from 'react';

/** The responsive grid of list pages; each child becomes one list item. */
export function CardGrid({ items, empty }: { items: ReactNode[]; empty: string }) {
  if (items.length === 0) return <p className="rounded-xl bg-slate-50 p-8 text-center text-muted">{empty}</p>;
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
