import type { ReactNode } from 'react';

export function PageHeading({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="mb-8 mt-8 md:mt-12">
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
      {lead ? <p className="mt-3 text-muted leading-relaxed">{lead}</p> : null}
      {children}
    </header>
  );
}
