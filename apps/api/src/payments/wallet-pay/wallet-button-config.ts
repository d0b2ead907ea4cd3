// The signed button of the donation form's wallet step (architecture.md §4: button signature →
// checkout → review). Single donations sign a one-time checkout, monthly ones a recurring charge
// permission for the monthly amount. The amount itself is set on the session after our review page
// (update), so the button only carries it for monthly agreements.
import type { Frequency, Locale } from '@kifu/domain';
import type { Config } from '../../config/env';
import type { z } from 'zod';
import type { WalletGateway } from '../../providers/wallet/wallet-gateway';
import type { buttonConfig } from './wallet-pay-schemas';
import { walletReturnUrl } from './wallet-return-urls';

export interface ButtonRequest {
  amount: number;
  frequency: Exclude<Frequency, 'annual'>;
  locale: Locale;
  associateId?: number | null;
  campaignId?: number | null;
  donateSessionKey?: string | null;
}

type ButtonSettings = Pick<Config, 'WEB_ORIGIN' | 'WALLET_MERCHANT_ID' | 'WALLET_SANDBOX_MODE' | 'WALLET_CHECKOUT_SCRIPT_URL'>;

/** The provider's checkout languages for our locales. */
const CHECKOUT_LANGUAGE = { ja: 'ja_JP', en: 'en_US' } as const;

export function walletButtonConfig(gateway: WalletGateway, config: ButtonSettings, request: ButtonRequest): z.infer<typeof buttonConfig> {
  const returnTo = { webOrigin: config.WEB_ORIGIN, locale: request.locale, donateSessionKey: request.donateSessionKey ?? undefined };
  // Which form the checkout belongs to, for whoever reads the session at the provider later.
  const form = { associate_id: request.associateId ?? undefined, campaign_id: request.campaignId ?? undefined };
  const signed = gateway.createButtonSignature({
    checkoutReviewReturnUrl: walletReturnUrl('checkout-review', returnTo),
    checkoutCancelUrl: walletReturnUrl('checkout-cancel', returnTo),
    ...(request.frequency === 'monthly' ? { monthlyAmount: request.amount } : {}),
    ...(form.associate_id === undefined && form.campaign_id === undefined ? {} : { customInformation: JSON.stringify(form) }),
  });
  return {
    merchant_id: config.WALLET_MERCHANT_ID,
    ledger_currency: 'JPY',
    checkout_language: CHECKOUT_LANGUAGE[request.locale],
    product_type: 'PayOnly',
    placement: 'Other',
    button_color: 'Gold',
    sandbox: config.WALLET_SANDBOX_MODE,
    checkout_script_url: config.WALLET_CHECKOUT_SCRIPT_URL,
    create_checkout_session_config: {
      payload_json: signed.payloadJSON,
      signature: signed.signature,
      public_key_id: signed.publicKeyId,
      algorithm: signed.algorithm,
    },
  };
}
