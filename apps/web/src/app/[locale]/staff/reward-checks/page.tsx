// /staff/reward-checks (ADR 036): Kifu's staff decide the reward reviews campaigns ask
// for. Signed-in staff only; anyone else is told the page is not theirs (the API answers 403).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { DashboardMessages } from '@/features/dashboard/dashboard-messages';
import { RewardReviewQueue } from '@/features/dashboard/reward-review-queue';
import { resolveLocale } from '@/i18n/resolve-locale';

type Params = Promise<{ locale: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'dashboard.staffReview' });
  return { title: t('title'), robots: { index: false } };
}

export default async function RewardChecksPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'dashboard.staffReview' });
  return (
    <PageContainer className="flex flex-col gap-6 pb-16 pt-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <DashboardMessages>
        <SignedInOnly title={t('title')}>
          <RewardReviewQueue />
        </SignedInOnly>
      </DashboardMessages>
    </PageContainer>
  );
}
