import { useTranslations } from 'next-intl';

/** Stands in for one data section when its API call failed, so the rest of the page still renders. */
export function SectionUnavailable() {
  const t = useTranslations('errors');
  return <p className="rounded-xl bg-slate-50 p-6 text-center text-sm text-muted">{t('sectionUnavailable')}</p>;
}
