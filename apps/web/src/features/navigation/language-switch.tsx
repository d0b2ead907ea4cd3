'use client';
// ja/en switch that keeps the current path and query (spec §2 "A language switch (ja, en)").
// next-intl's Link with `locale` always writes the prefix (/ja/...), so the proxy can store the
// choice in the locale cookie before redirecting to the unprefixed ja URL. No prefetch: a prefetch
// made while the cookie still names the other locale would cache a redirect back to it.
// SameAppLink: switching the language keeps the visitor on this page, partial deployment or not.
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import { cx } from '@/components/ui/cx';
import { SameAppLink, usePathname } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';

function LanguageLinks({ query, className }: { query: Record<string, string> | undefined; className?: string }) {
  const t = useTranslations('nav');
  const locale = useLocale();
  const pathname = usePathname();
  return (
    <ul data-testid="language-switch" aria-label={t('language')} className={cx('flex items-center gap-1 text-sm', className)}>
      {routing.locales.map((option) => (
        <li key={option}>
          <SameAppLink
            href={{ pathname, query }}
            locale={option}
            prefetch={false}
            hrefLang={option}
            lang={option}
            aria-current={option === locale ? 'true' : undefined}
            data-testid={`language-${option}`}
            className={cx(
              'rounded-full px-2.5 py-1 font-semibold transition-colors',
              option === locale ? 'bg-slate-900 text-white' : 'text-muted hover:bg-slate-100',
            )}
          >
            {t(`languageName.${option}`)}
          </SameAppLink>
        </li>
      ))}
    </ul>
  );
}

function LanguageLinksWithQuery({ className }: { className?: string }) {
  const params = useSearchParams();
  const query = Object.fromEntries(params.entries());
  return <LanguageLinks query={Object.keys(query).length > 0 ? query : undefined} className={className} />;
}

export function LanguageSwitch({ className }: { className?: string }) {
  // useSearchParams needs a Suspense boundary on statically rendered pages; the fallback keeps the path.
  return (
    <Suspense fallback={<LanguageLinks query={undefined} className={className} />}>
      <LanguageLinksWithQuery className={className} />
    </Suspense>
  );
}
