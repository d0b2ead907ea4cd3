// /associate/apply (ADR 078): an organisation applies to join Kifu. Signed-in users only; the
// form and the state of the user's application are features/associate-apply.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { AssociateApply } from '@/features/associate-apply/associate-apply';
import { ClientMessages } from '@/i18n/client-messages';
import { resolveLocale } from '@/i18n/resolve-locale';

type Params = Promise<{ locale: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'associateApply' });
  return { title: t('title'), robots: { index: false } };
}

export default async function AssociateApplyPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'associateApply' });
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6 pb-16 pt-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted">{t('lead')}</p>
      <ClientMessages add={['associateApply']}>
        <SignedInOnly title={t('title')}>
          <AssociateApply />
        </SignedInOnly>
      </ClientMessages>
    </PageContainer>
  );
}
