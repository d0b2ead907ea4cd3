// /login (spec §2 account routes). The form arrives with the auth issue.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { StaticPageBody } from '../_components/static-page';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.login' });
  return { title: t('title') };
}

export default async function LoginPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.login' });
  return (
    <StaticPageBody width="sm" title={t('title')} body={t('body')}>
      <p className="text-sm">
        {t('signupPrompt')}{' '}
        <Link href="/signup" className="font-semibold text-brand-700 underline">
          {t('signupLink')}
        </Link>
      </p>
    </StaticPageBody>
  );
}
