// A row of plain links where one is the current page (aria-current), as underlined tabs (the
// associate menu) or as pills (the campaign status filter). Works without client JavaScript.
import type { ComponentProps } from 'react';
import { cx } from '@/components/ui/cx';
import { Link } from '@/i18n/navigation';

export interface TabLink {
  key: string;
  href: ComponentProps<typeof Link>['href'];
  label: string;
  current: boolean;
}

const looks = {
  tabs: {
    list: '-mb-px flex gap-1 overflow-x-auto',
    link: 'inline-block border-b-2 px-3 py-3 text-sm font-semibold whitespace-nowrap sm:px-4',
    current: 'border-brand-500 text-brand-700',
    other: 'border-transparent text-muted hover:border-slate-300 hover:text-ink',
  },
  pills: {
    list: 'flex flex-wrap gap-2',
    link: 'inline-block rounded-full border px-3 py-1 text-sm font-semibold',
    current: 'border-brand-500 bg-brand-50 text-brand-700',
    other: 'border-slate-300 text-muted hover:border-brand-500',
  },
};

export function TabLinks({ links, look, testId }: { links: readonly TabLink[]; look: keyof typeof looks; testId?: string }) {
  const style = looks[look];
  return (
    <ul className={style.list} data-testid={testId}>
      {links.map((link) => (
        <li key={link.key} className="shrink-0">
          <Link
            href={link.href}
            aria-current={link.current ? 'page' : undefined}
            className={cx(style.link, link.current ? style.current : style.other)}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
