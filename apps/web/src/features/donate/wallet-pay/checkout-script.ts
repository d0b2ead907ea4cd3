// The wallet provider's browser script (providers.md "Wallet pay"; the sandbox serves an Amazon
// Pay checkout.js look-alike at /wallet/checkout.js): it renders the provider's button and, once
// the page hands it the signed payload, sends the browser to the provider's pages. The real
// script's global is `amazon.Pay`, the sandbox's `KifuWalletPay`; both have the same calls.
import type { WalletButtonConfig } from './wallet-api';

export interface RenderedButton {
  onClick(handler: (event: Event) => void): void;
  initCheckout(options: {
    createCheckoutSessionConfig: { payloadJSON: string; signature: string; publicKeyId: string; algorithm?: string };
  }): void;
}

export interface CheckoutScript {
  renderButton(container: string | Element, options: Record<string, unknown>): RenderedButton;
}

declare global {
  interface Window {
    KifuWalletPay?: CheckoutScript;
    amazon?: { Pay?: CheckoutScript };
  }
}

const loading = new Map<string, Promise<CheckoutScript>>();

function loaded(): CheckoutScript | undefined {
  return window.amazon?.Pay ?? window.KifuWalletPay;
}

/** Loads the script once per page; a failed load may be tried again. */
export function loadCheckoutScript(url: string): Promise<CheckoutScript> {
  const existing = loading.get(url);
  if (existing) return existing;
  const promise = new Promise<CheckoutScript>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const api = loaded();
      if (api) resolve(api);
      else reject(new Error('the wallet checkout script defined no button API'));
    };
    script.onerror = () => reject(new Error('the wallet checkout script failed to load'));
    document.head.appendChild(script);
  });
  promise.catch(() => loading.delete(url));
  loading.set(url, promise);
  return promise;
}

/** The provider's renderButton options for our merchant, before any checkout is signed. */
export function buttonOptions(merchantId: string, locale: 'ja' | 'en'): Record<string, unknown> {
  return {
    merchantId,
    ledgerCurrency: 'JPY',
    checkoutLanguage: locale === 'ja' ? 'ja_JP' : 'en_US',
    productType: 'PayOnly',
    placement: 'Other',
    buttonColor: 'Gold',
  };
}

/** The signed payload as the script's initCheckout takes it; the payload string goes unchanged (the signature covers it). */
export function checkoutSessionConfigOf(button: WalletButtonConfig) {
  const config = button.create_checkout_session_config;
  return {
    createCheckoutSessionConfig: {
      payloadJSON: config.payload_json,
      signature: config.signature,
      publicKeyId: config.public_key_id,
      algorithm: config.algorithm,
    },
  };
}
