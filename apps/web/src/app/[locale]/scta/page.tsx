// /scta (spec §2): the notation under the Specified Commercial Transactions Act, shown only in
// Japanese. /en/scta keeps the English chrome and says so, then shows the Japanese notation.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { StaticPageBody } from '../_components/static-page';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.scta' });
  return { title: t('title') };
}

export default async function SctaPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.scta' });
  const ja = await getTranslations({ locale: 'ja', namespace: 'pages.scta' });
  return (
    <StaticPageBody title={t('title')} body={t('onlyJapanese')}>
      <section lang="ja" className="rounded-xl border border-slate-200 p-6">
        <h2 className="font-bold">{ja('title')}</h2>
        <p className="mt-3 leading-relaxed text-muted">{ja('body')}</p>
      </section>
    </StaticPageBody>
  );
}
