// /mypage/tax-summary/{year} (ADR 033), signed in only: the supporter's gifts received in
// the year with their totals by eligibility and legal type, the rules, the documents for the tax
// return and an estimate of the relief (features/tax-summary). A year outside 2000–2100 is a 404.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { TaxSummary } from '@/features/tax-summary/tax-summary';
import { parseSummaryYear } from '@/features/tax-summary/tax-summary-model';
import { resolveLocale } from '@/i18n/resolve-locale';

type TaxSummaryParams = Promise<{ locale: string; year: string }>;

async function titleOf(params: TaxSummaryParams): Promise<{ title: string; year: number }> {
  const locale = await resolveLocale(params);
  const year = parseSummaryYear((await params).year);
  if (year === null) notFound();
  const t = await getTranslations({ locale, namespace: 'pages.mypage' });
  return { title: t('taxSummary', { year }), year };
}

export async function generateMetadata({ params }: { params: TaxSummaryParams }): Promise<Metadata> {
  const { title } = await titleOf(params);
  return { title, robots: { index: false } };
}

export default async function TaxSummaryPage({ params }: { params: TaxSummaryParams }) {
  const { title, year } = await titleOf(params);
  return (
    <SignedInOnly title={title}>
      <PageContainer width="md" className="pb-16">
        <PageHeading title={title} />
        {/* Keyed by year: another year starts afresh (its own loading state, no earlier pack error). */}
        <TaxSummary key={year} year={year} />
      </PageContainer>
    </SignedInOnly>
  );
}
