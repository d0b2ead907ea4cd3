// /mypage/credit-card (spec §2 account routes; ADR 034): features/saved-card. The card is tokenised
// in the browser, so the proxy sends this page the card-form Content-Security-Policy
// (lib/donate-paths.ts); it is rendered per request so Next puts that policy's nonce on its scripts.
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { SavedCardManager } from '@/features/saved-card/saved-card-manager';
import { env, toPaymentClientEnv } from '@/lib/env';
import { mypagePage } from '../mypage-page';
import { ClientMessages } from '@/i18n/client-messages';

export const dynamic = 'force-dynamic';

async function CreditCardSection({ title }: { title: string }) {
  const { cardVaultUrl, cardPublicKey } = toPaymentClientEnv(env);
  return (
    <SignedInOnly title={title}>
      <ClientMessages add={['savedCard']}>
        <SavedCardManager vault={{ vaultUrl: cardVaultUrl, publicKey: cardPublicKey }} />
      </ClientMessages>
    </SignedInOnly>
  );
}

const page = mypagePage('creditCard', CreditCardSection);
export const generateMetadata = page.generateMetadata;
export default page.Page;
