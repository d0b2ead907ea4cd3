// /campaign/{id}/dashboard/{section} (spec §2 "Campaign dashboard", ADR 036): signed-in; the
// campaign's owner and its associate's members run it (features/dashboard). /campaign/{id}/dashboard/
// opens its overview.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageContainer } from '@/components/ui/page-container';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { CampaignPreview } from '@/features/campaign/campaign-preview';
import { CampaignDashboard } from '@/features/dashboard/campaign-dashboard';
import { DashboardMessages } from '@/features/dashboard/dashboard-messages';
import { resolveLocale } from '@/i18n/resolve-locale';
import { redirect } from '@/i18n/navigation';
import { pathIdOf } from '@/lib/page-record';

type Params = Promise<{ locale: string; id: string; section?: string[] }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'dashboard' });
  return { title: t('pageTitle'), robots: { index: false } };
}

export default async function DashboardPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const { id: rawId, section = [] } = await params;
  const id = pathIdOf(rawId);
  if (id === undefined) notFound();
  if (section.length === 0) redirect({ href: `/campaign/${id}/dashboard/campaign`, locale });
  const t = await getTranslations({ locale, namespace: 'dashboard' });
  return (
    <PageContainer className="pb-16 pt-6">
      <DashboardMessages>
        <SignedInOnly title={t('pageTitle')}>
          <CampaignDashboard id={id} path={section.map((part) => decodeURIComponent(part))} preview={<CampaignPreview id={id} />} />
        </SignedInOnly>
      </DashboardMessages>
    </PageContainer>
  );
}
