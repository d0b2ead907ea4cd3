'use client';
// Wallet pay on the Amount step (spec §2 "Payment method choice", §4): in place of "next", the
// provider's own button. A click checks the Amount step, keeps the form on the server, signs the
// checkout with the form's key and lets the provider's script take the supporter to its pages;
// they come back to /redirect/wallet-pay/checkout-review (or -cancel).
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { notify } from '@/components/ui/toast';
import { createApiClient } from '@/lib/api-client';
import type { PaymentClientEnv } from '@/lib/env';
import { entryKeyOf, type DonateTarget } from '../donate-target';
import { donationFormStore } from '../form/persisted-form-store';
import { entryDataFromValues } from '../form/form-state-codec';
import type { DonateFormValues } from '../form/field-values';
import { buttonOptions, checkoutSessionConfigOf, loadCheckoutScript, type RenderedButton } from './checkout-script';
import { createWalletApi } from './wallet-api';
import { prepareWalletCheckout } from './wallet-checkout';
import { updateWalletPay } from './wallet-state';

type ButtonState = 'loading' | 'ready' | 'unavailable' | 'leaving';

export function WalletPayButton({
  target,
  payment,
}: {
  target: DonateTarget;
  payment: Pick<PaymentClientEnv, 'walletCheckoutScriptUrl' | 'walletMerchantId'>;
}) {
  const t = useTranslations('donate');
  const locale = useLocale() as Locale;
  const form = useFormContext<DonateFormValues>();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ButtonState>('loading');
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const walletApi = useMemo(() => createWalletApi(createApiClient('/backend')), []);
  const busy = useRef(false);

  // The latest of everything the click needs, read when it happens.
  const latest = useRef({ target, locale, t, form, walletApi });
  latest.current = { target, locale, t, form, walletApi };

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    loadCheckoutScript(payment.walletCheckoutScriptUrl).then(
      (script) => {
        if (cancelled || !container.current) return;
        let button: RenderedButton;
        try {
          button = script.renderButton(container.current, buttonOptions(payment.walletMerchantId, locale));
        } catch {
          setState('unavailable');
          return;
        }
        button.onClick(() => void checkout(button));
        setState('ready');
      },
      () => {
        if (!cancelled) setState('unavailable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [payment.walletCheckoutScriptUrl, payment.walletMerchantId, locale, attempt]);

  async function checkout(button: RenderedButton) {
    if (busy.current) return;
    const { target, locale, t, form, walletApi } = latest.current;
    setFailure(null);
    busy.current = true;
    try {
      // The Amount step's own rules first; its errors show on the fields, the first one focused.
      await form.handleSubmit(async (values) => {
        setState('leaving');
        const store = donationFormStore();
        const key = entryKeyOf(target);
        const outcome = await prepareWalletCheckout(
          { values, target, locale },
          {
            walletApi,
            methodLabel: (method) => t(`amount.methods.${method}`),
            rememberKey: (donateSessionKey) => {
              store.getState().update(key, entryDataFromValues(values));
              updateWalletPay(store, key, { donateSessionKey, checkoutSessionId: undefined, notice: undefined });
            },
          },
        );
        if (outcome.status === 'failed') {
          setFailure(outcome.message);
          notify.error(outcome.message, { id: 'wallet-pay-checkout' });
          setState('ready');
          return;
        }
        button.initCheckout(checkoutSessionConfigOf(outcome.button));
      })();
    } finally {
      busy.current = false;
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="wallet-pay" data-state={state}>
      <p className="text-sm leading-relaxed">{t('wallet.buttonLead')}</p>
      {failure ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-semibold text-red-800" data-testid="wallet-pay-failure">
          {failure}
        </p>
      ) : null}
      <div ref={container} className={state === 'leaving' ? 'pointer-events-none opacity-60' : undefined} data-testid="wallet-pay-button" />
      {state === 'loading' ? (
        <p role="status" className="text-sm text-muted">
          {t('wallet.buttonLoading')}
        </p>
      ) : null}
      {state === 'leaving' ? (
        <p role="status" className="text-sm text-muted">
          {t('wallet.leaving')}
        </p>
      ) : null}
      {state === 'unavailable' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          <span>{t('wallet.buttonUnavailable')}</span>
          <button type="button" className="font-semibold underline" onClick={() => setAttempt((value) => value + 1)}>
            {t('wallet.retry')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
