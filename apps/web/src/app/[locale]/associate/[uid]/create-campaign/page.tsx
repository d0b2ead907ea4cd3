// /associate/{uid}/create-campaign (spec §2, ADR 036): the campaign types the signed-in user may
// start for the associate (features/dashboard/create-campaign.tsx).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { CampaignTypeChooser } from '@/features/dashboard/create-campaign';
import { DashboardMessages } from '@/features/dashboard/dashboard-messages';
import { resolveLocale } from '@/i18n/resolve-locale';

type Params = Promise<{ locale: string; uid: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const t = await getTranslations({ locale: await resolveLocale(params), namespace: 'dashboard.create' });
  return { title: t('title'), robots: { index: false } };
}

export default async function CreateCampaignPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const { uid } = await params;
  const t = await getTranslations({ locale, namespace: 'dashboard.create' });
  return (
    <PageContainer width="md" className="pb-16">
      <PageHeading title={t('title')} />
      <DashboardMessages>
        <SignedInOnly title={t('title')}>
          <p className="mb-4">{t('lead')}</p>
          <CampaignTypeChooser uid={decodeURIComponent(uid)} />
        </SignedInOnly>
      </DashboardMessages>
    </PageContainer>
  );
}
