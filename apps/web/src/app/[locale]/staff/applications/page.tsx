// /staff/applications (ADR 078): the applications to join Kifu, for Kifu's staff to review.
// Signed-in staff only; anyone else is told the page is not theirs (the API answers 403).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { ApplicationList } from '@/features/staff-review/application-list';
import { ClientMessages } from '@/i18n/client-messages';
import { Link } from '@/i18n/navigation';
import { resolveLocale } from '@/i18n/resolve-locale';

type Params = Promise<{ locale: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'staff.applications' });
  return { title: t('title'), robots: { index: false } };
}

export default async function StaffApplicationsPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'staff.applications' });
  return (
    <PageContainer className="flex flex-col gap-6 pb-16 pt-6">
      <Link href="/staff" className="self-start underline">
        {t('home')}
      </Link>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <ClientMessages add={['staff']}>
        <SignedInOnly title={t('title')}>
          <ApplicationList />
        </SignedInOnly>
      </ClientMessages>
    </PageContainer>
  );
}
