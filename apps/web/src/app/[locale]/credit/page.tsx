// /credit (spec §2 account routes, §6; ADR 034): a guest puts their recurring donations on a new
// card in the session the mailed link opened (features/saved-card/guest-card-change.tsx). The card
// is tokenised in the browser, so the proxy sends this page the card-form Content-Security-Policy
// (lib/donate-paths.ts); it is rendered per request so Next puts that policy's nonce on its scripts.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { GuestCardChange } from '@/features/saved-card/guest-card-change';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { env, toPaymentClientEnv } from '@/lib/env';
import { ClientMessages } from '@/i18n/client-messages';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: t('credit'), robots: { index: false } };
}

export default async function CreditPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const { cardVaultUrl, cardPublicKey } = toPaymentClientEnv(env);
  return (
    <PageContainer width="md">
      <PageHeading title={t('credit')} />
      <ClientMessages add={['savedCard']}>
        <GuestCardChange vault={{ vaultUrl: cardVaultUrl, publicKey: cardPublicKey }} />
      </ClientMessages>
    </PageContainer>
  );
}
