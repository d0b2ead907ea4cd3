// /staff/payouts (ADR 075): Kifu's staff see every payout run and start one. Signed-in staff only;
// anyone else is told the page is not theirs (the API answers 403).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { PayoutRuns } from '@/features/staff/payout-runs';
import { ClientMessages } from '@/i18n/client-messages';
import { resolveLocale } from '@/i18n/resolve-locale';

type Params = Promise<{ locale: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'staff.payouts' });
  return { title: t('title'), robots: { index: false } };
}

export default async function PayoutsPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'staff.payouts' });
  return (
    <PageContainer className="flex flex-col gap-6 pb-16 pt-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <ClientMessages add={['staff']}>
        <SignedInOnly title={t('title')}>
          <PayoutRuns />
        </SignedInOnly>
      </ClientMessages>
    </PageContainer>
  );
}
