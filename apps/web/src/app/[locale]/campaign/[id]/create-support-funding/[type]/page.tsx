// /campaign/{id}/create-support-funding/{type} (spec §2, ADR 036): a supporter starts a fundraiser
// of their own for the campaign, a private draft whose dashboard opens next.
import { CAMPAIGN_TYPE_IDS } from '@kifu/domain/enums';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { FundraiserStart } from '@/features/dashboard/create-campaign';
import { DashboardMessages } from '@/features/dashboard/dashboard-messages';
import { resolveLocale } from '@/i18n/resolve-locale';
import { pathIdOf } from '@/lib/page-record';

type Params = Promise<{ locale: string; id: string; type: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const t = await getTranslations({ locale: await resolveLocale(params), namespace: 'dashboard.create' });
  return { title: t('fundraiserTitle'), robots: { index: false } };
}

export default async function CreateSupportFundingPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const { id: rawId, type: rawType } = await params;
  const id = pathIdOf(rawId);
  const type = Number(rawType);
  if (id === undefined || !(CAMPAIGN_TYPE_IDS as readonly number[]).includes(type)) notFound();
  const t = await getTranslations({ locale, namespace: 'dashboard.create' });
  return (
    <PageContainer width="md" className="pb-16">
      <PageHeading title={t('fundraiserTitle')} />
      <DashboardMessages>
        <SignedInOnly title={t('fundraiserTitle')}>
          <FundraiserStart campaignId={id} type={type} />
        </SignedInOnly>
      </DashboardMessages>
    </PageContainer>
  );
}
