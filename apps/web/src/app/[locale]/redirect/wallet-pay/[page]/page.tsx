// /redirect/wallet-pay/checkout-review, -result and -cancel (spec §2 "Return paths from a wallet
// payment provider"): where the provider sends the supporter back, with donate_session_key (our
// kept form) and amazonCheckoutSessionId. The form is restored from the server; if that fails the
// page says so (spec §2) and offers the site top. The proxy gives these pages the donate pages' CSP.
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessagePanel } from '@/components/ui/message-panel';
import { loadWalletReturn } from '@/features/donate/wallet-pay/load-wallet-return';
import { WalletReturn, type WalletReturnMode } from '@/features/donate/wallet-pay/wallet-return';
import { getPathname, Link } from '@/i18n/navigation';
import { resolveLocale } from '@/i18n/resolve-locale';
import { env, toPaymentClientEnv } from '@/lib/env';
import type { SearchParams } from '@/lib/search-params';
import { ClientMessages } from '@/i18n/client-messages';

export const dynamic = 'force-dynamic';

type Params = Promise<{ locale: string; page: string }>;

const MODES: Record<string, WalletReturnMode> = { 'checkout-review': 'review', 'checkout-result': 'result', 'checkout-cancel': 'cancel' };

async function modeOf(params: Params): Promise<WalletReturnMode> {
  const mode = MODES[(await params).page];
  if (!mode) notFound();
  return mode;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const mode = await modeOf(params);
  const t = await getTranslations({ locale, namespace: 'donate' });
  return { title: { absolute: `${t(`wallet.titles.${mode}`)} | ${t('pageTitle')}` }, robots: { index: false } };
}

export default async function WalletReturnPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const mode = await modeOf(params);
  const loaded = await loadWalletReturn(await searchParams, locale);
  const t = await getTranslations('donate');
  if (loaded.status === 'restoreFailed') {
    return (
      <MessagePanel testId="wallet-restore-failed" title={t('wallet.restoreFailedTitle')} message={DONATION_ERRORS.restoreForm[locale]}>
        <Link href="/" className={buttonClasses({ variant: 'secondary' })}>
          {NOTICES.goToTop[locale]}
        </Link>
      </MessagePanel>
    );
  }
  const basePath = getPathname({ href: `/associate/${loaded.target.associate.uid}/donate`, locale });
  return (
    <ClientMessages add={['donate', 'progress']}>
      <WalletReturn
        mode={mode}
        target={loaded.target}
        basePath={basePath}
        state={loaded.state}
        donateSessionKey={loaded.donateSessionKey}
        checkoutSessionId={loaded.checkoutSessionId}
        payment={toPaymentClientEnv(env)}
      />
    </ClientMessages>
  );
}
