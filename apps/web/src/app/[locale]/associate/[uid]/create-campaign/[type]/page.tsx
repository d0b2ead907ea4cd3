// /associate/{uid}/create-campaign/{type} (spec §2, ADR 036): the associate's templates for the
// type, or a blank start; choosing one makes a private draft and opens its dashboard.
import { CAMPAIGN_TYPE_IDS } from '@kifu/domain/enums';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { CampaignTemplateChooser } from '@/features/dashboard/create-campaign';
import { DashboardMessages } from '@/features/dashboard/dashboard-messages';
import { resolveLocale } from '@/i18n/resolve-locale';

type Params = Promise<{ locale: string; uid: string; type: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const t = await getTranslations({ locale: await resolveLocale(params), namespace: 'dashboard.create' });
  return { title: t('templatesTitle'), robots: { index: false } };
}

export default async function CreateCampaignTypePage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const { uid, type: rawType } = await params;
  const type = Number(rawType);
  if (!(CAMPAIGN_TYPE_IDS as readonly number[]).includes(type)) notFound();
  const t = await getTranslations({ locale, namespace: 'dashboard.create' });
  return (
    <PageContainer width="md" className="pb-16">
      <PageHeading title={t('templatesTitle')} />
      <DashboardMessages>
        <SignedInOnly title={t('templatesTitle')}>
          <CampaignTemplateChooser uid={decodeURIComponent(uid)} type={type} />
        </SignedInOnly>
      </DashboardMessages>
    </PageContainer>
  );
}
