// /terms-of-service (spec §2): one page, two sections reachable by hash
// (#supporter-section, #associate-section) from the footer.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { StaticPageBody } from '../_components/static-page';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.terms' });
  return { title: t('title') };
}

export default async function TermsPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.terms' });
  return (
    <StaticPageBody title={t('title')} body={t('body')}>
      <section id="supporter-section" aria-labelledby="supporter-heading" className="mt-10">
        <h2 id="supporter-heading" className="text-xl font-bold">
          {t('supporterHeading')}
        </h2>
        <p className="mt-3 leading-relaxed text-muted">{t('supporterBody')}</p>
      </section>
      <section id="associate-section" aria-labelledby="associate-heading" className="mt-10">
        <h2 id="associate-heading" className="text-xl font-bold">
          {t('associateHeading')}
        </h2>
        <p className="mt-3 leading-relaxed text-muted">{t('associateBody')}</p>
      </section>
    </StaticPageBody>
  );
}
