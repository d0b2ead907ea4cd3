// The in-page table of contents of the long-form pages: plain hash links, so it works without
// JavaScript and each entry lands on its heading (globals.css keeps headings clear of the top bar).
export type TocEntry = { id: string; label: string; children?: readonly TocEntry[] };

function Entries({ entries, nested = false }: { entries: readonly TocEntry[]; nested?: boolean }) {
  return (
    <ol className={nested ? 'mt-1.5 space-y-1 border-l border-slate-200 pl-4' : 'space-y-2'}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a
            href={`#${entry.id}`}
            className={
              nested
                ? 'text-sm text-muted hover:text-brand-700 hover:underline'
                : 'font-semibold text-ink hover:text-brand-700 hover:underline'
            }
          >
            {entry.label}
          </a>
          {entry.children ? <Entries entries={entry.children} nested /> : null}
        </li>
      ))}
    </ol>
  );
}

export function TableOfContents({ title, entries }: { title: string; entries: readonly TocEntry[] }) {
  return (
    <nav
      aria-labelledby="table-of-contents"
      data-testid="table-of-contents"
      className="my-8 rounded-2xl border border-slate-200 bg-slate-50 p-5 md:p-6"
    >
      <h2 id="table-of-contents" className="mb-3 text-sm font-bold tracking-wide text-muted">
        {title}
      </h2>
      <Entries entries={entries} />
    </nav>
  );
}
