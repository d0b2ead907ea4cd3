// /staff/applications/{id} (ADR 078): one application to join Kifu and its decision. Signed-in
// staff only; an id the API would refuse is a 404 page.
import { api } from '@kifu/domain';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { ApplicationReview } from '@/features/staff-review/application-review';
import { ClientMessages } from '@/i18n/client-messages';
import { resolveLocale } from '@/i18n/resolve-locale';

type Params = Promise<{ locale: string; id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'staff.applications' });
  return { title: t('detailTitle'), robots: { index: false } };
}

export default async function StaffApplicationPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const parsed = api.associateApplicationParams.safeParse({ id: (await params).id });
  if (!parsed.success) notFound();
  const t = await getTranslations({ locale, namespace: 'staff.applications' });
  return (
    <PageContainer className="flex flex-col gap-6 pb-16 pt-6">
      <h1 className="text-2xl font-bold">{t('detailTitle')}</h1>
      <ClientMessages add={['staff']}>
        <SignedInOnly title={t('detailTitle')}>
          <ApplicationReview id={parsed.data.id} />
        </SignedInOnly>
      </ClientMessages>
    </PageContainer>
  );
}
