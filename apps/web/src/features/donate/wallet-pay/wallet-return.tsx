'use client';
// The pages the wallet provider sends the supporter back to (spec §2 "Return paths from a wallet
// payment provider": /redirect/wallet-pay/checkout-review, -result and -cancel). Each starts from
// the form kept on the server (restored into client storage too), then:
// - review: reads the checkout session (the buyer's name and email), shows the gift with the names
//   (spec §4: the provider's profile gives only the names; kana may be added) and runs the donation
//   flow of spec §4 for wallet pay, which ends at the provider's approval page;
// - result: completes the checkout → Done, or back on the form with the refusal's message;
// - cancel: back on the form, everything restored, with 'Cancelled.'.
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import { kanaRequired } from '@kifu/domain/schemas/user-profile';
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { confirmDuplicateDonation } from '@/components/ui/confirm-dialogs';
import { createApiClient } from '@/lib/api-client';
import type { PaymentClientEnv } from '@/lib/env';
import { botCheckToken, loadBotCheck } from '@/lib/bot-check';
import { createDonateApi, newIdempotencyKey } from '../donate-api';
import { toastNotifier } from '../donate-form';
import { Row } from '../steps/confirm-step';
import { pathOfStep, type DonateStep } from '../steps/donate-steps';
import { entryKeyOf, type DonateTarget } from '../donate-target';
import { donationEvent, trackOnDataLayer, trackQuietly } from '../submit/donation-analytics';
import { createFeedback } from '../submit/donation-feedback';
import { donationFormStore, restoreDonationForm } from '../form/persisted-form-store';
import { valuesFromEntry } from '../form/form-state-codec';
import { describedBy, Field, TextInput } from '../form/form-controls';
import { StepIndicator } from '../steps/step-indicator';
import { createSubmissionQueue } from '../submit/submission-queue';
import { submitDonation } from '../submit/submit-donation';
import { type FlowDeps, type SubmitDeps } from '../submit/submit-types';
import { useRequiredLabels } from '../form/use-field-error';
import { createWalletApi, type WalletCheckoutSession } from './wallet-api';
import { completeWalletCheckout, walletTotal } from './wallet-checkout';
import { walletNameErrors, type WalletNameErrors } from './wallet-donation';
import { namesOfBuyer, updateWalletPay, type WalletFormState, type WalletNames } from './wallet-state';

export type WalletReturnMode = 'review' | 'result' | 'cancel';

export interface WalletReturnProps {
  mode: WalletReturnMode;
  target: DonateTarget;
  /** The donate page's path with the locale prefix (…/associate/{uid}/donate). */
  basePath: string;
  state: WalletFormState;
  donateSessionKey: string;
  checkoutSessionId: string | null;
  payment: PaymentClientEnv;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The donate page at `step`, for the campaign when the gift is for one. */
export function donatePageUrl(basePath: string, target: DonateTarget, step: DonateStep): string {
  return `${pathOfStep(basePath, step)}${target.campaign ? `?campaign=${target.campaign.id}` : ''}`;
}

function Status({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center justify-center gap-3 py-16 text-muted" role="status" data-testid="wallet-return-status">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-500" />
      {children}
    </p>
  );
}

export function WalletReturn(props: WalletReturnProps) {
  const { mode, target, basePath, state, donateSessionKey, checkoutSessionId } = props;
  const t = useTranslations('donate');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const key = entryKeyOf(target);
  const store = donationFormStore();
  const values = useMemo(() => valuesFromEntry(state.form), [state.form]);
  const api = useMemo(() => createDonateApi(createApiClient('/backend')), []);
  const walletApi = useMemo(() => createWalletApi(createApiClient('/backend')), []);
  const feedback = useMemo(() => createFeedback(toastNotifier), []);
  const flowDeps = useMemo<FlowDeps>(
    () => ({ api, feedback, sleep, methodLabel: (method) => t(`amount.methods.${method}`), track: trackOnDataLayer }),
    [api, feedback, t],
  );
  const [session, setSession] = useState<WalletCheckoutSession | 'loading' | 'failed'>('loading');
  const [leaving, setLeaving] = useState(mode !== 'review');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      // The server's copy wins: it is the form the checkout was started from.
      await restoreDonationForm(store);
      store.getState().update(key, state.form);
      if (store.getState().entry(key).status === 'done') store.getState().setStatus(key, 'draft');
      updateWalletPay(store, key, { donateSessionKey, ...(checkoutSessionId ? { checkoutSessionId } : {}) });
      const backToForm = (notice: { kind: 'error' | 'cancelled'; message: string }) => {
        updateWalletPay(store, key, { notice });
        router.replace(donatePageUrl(basePath, target, 'amount'));
      };
      if (mode === 'cancel') {
        // Spec §4 step 7: a checkout cancelled at the provider is an attempt that ended, for analytics too.
        trackQuietly(
          flowDeps.track,
          donationEvent(
            { target, paymentMethod: 'walletPay', frequency: values.frequency, amount: walletTotal(values, target) ?? 0 },
            'cancelled',
          ),
        );
        backToForm({ kind: 'cancelled', message: NOTICES.cancelled[locale] });
        return;
      }
      if (!checkoutSessionId) {
        backToForm({
          kind: 'error',
          message: mode === 'review' ? DONATION_ERRORS.walletProfile[locale] : DONATION_ERRORS.statusUnconfirmed[locale],
        });
        return;
      }
      if (mode === 'result') {
        feedback({ kind: 'loading', message: t('wallet.completing') });
        const outcome = await completeWalletCheckout(
          { checkoutSessionId, frequency: values.frequency, target, values, email: state.buyerEmail ?? '', locale },
          { ...flowDeps, walletApi, newIdempotencyKey },
        );
        if (outcome.status === 'paid') {
          store.getState().update(key, { contribution: outcome.contribution, pending: undefined });
          // Spec §4: done clears the amount, the profile and the wallet data.
          store.getState().setStatus(key, 'done');
          router.replace(donatePageUrl(basePath, target, 'done'));
        } else {
          store.getState().update(key, { pending: undefined });
          updateWalletPay(store, key, { notice: { kind: 'error', message: outcome.message } });
          router.replace(donatePageUrl(basePath, target, 'amount'));
        }
        return;
      }
      try {
        const read = await walletApi.getCheckoutSession(checkoutSessionId);
        setSession(read.state === 'Open' && read.buyer ? read : 'failed');
      } catch {
        setSession('failed');
      }
    })();
  }, [
    store,
    key,
    state,
    mode,
    checkoutSessionId,
    donateSessionKey,
    basePath,
    target,
    router,
    locale,
    feedback,
    flowDeps,
    walletApi,
    values,
    t,
  ]);

  // The review page asks the bot check for a token: load its script early.
  useEffect(() => {
    if (mode === 'review' && props.payment.botCheckSiteKey)
      loadBotCheck({ siteKey: props.payment.botCheckSiteKey, scriptUrl: props.payment.botCheckScriptUrl }).catch(() => undefined);
  }, [mode, props.payment.botCheckSiteKey, props.payment.botCheckScriptUrl]);

  const header = (
    <header className="mb-6 mt-8 flex items-center gap-4 md:mt-12">
      <img
        src={target.associate.logoUrl}
        alt=""
        width={56}
        height={56}
        className="size-14 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
      />
      <div className="min-w-0">
        <p className="text-xs font-semibold text-brand-700">{t('pageTitle')}</p>
        <h1 className="text-xl font-bold leading-snug md:text-2xl">{t(`wallet.titles.${mode}`)}</h1>
        <p className="mt-0.5 text-sm text-muted">
          {target.campaign
            ? t('confirm.recipientCampaign', { campaign: target.campaign.title, associate: target.associate.name })
            : target.associate.name}
        </p>
      </div>
    </header>
  );

  let body: ReactNode;
  if (mode === 'cancel' || leaving) body = <Status>{mode === 'result' ? t('wallet.completing') : t('wallet.returning')}</Status>;
  else if (session === 'loading') body = <Status>{t('restoring')}</Status>;
  else if (session === 'failed') {
    body = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800" data-testid="wallet-profile-failed">
        <p className="font-bold">{t('wallet.profileFailedTitle')}</p>
        <p className="mt-1 text-sm leading-relaxed">{DONATION_ERRORS.walletProfile[locale]}</p>
        <a href={donatePageUrl(basePath, target, 'amount')} className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}>
          {t('wallet.backToForm')}
        </a>
      </div>
    );
  } else {
    body = (
      <WalletReview
        {...props}
        session={session}
        values={values}
        onBack={() => {
          setLeaving(true);
          router.replace(donatePageUrl(basePath, target, 'amount'));
        }}
        deps={{
          ...flowDeps,
          walletApi,
          tokeniseCard: () => Promise.reject(new Error('no card on the wallet review page')),
          botCheckToken: props.payment.botCheckSiteKey
            ? () => botCheckToken({ siteKey: props.payment.botCheckSiteKey!, scriptUrl: props.payment.botCheckScriptUrl })
            : null,
          confirmAddress: () => Promise.resolve(true),
          confirmDuplicate: confirmDuplicateDonation,
          newIdempotencyKey,
          rememberPending: (pending) => store.getState().update(key, { pending }),
          redirect: (url) => window.location.assign(url),
          storeSession: () => Promise.resolve(),
        }}
        onStarted={(names, buyerEmail) => updateWalletPay(store, key, { names, buyerEmail })}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-page-sm px-4 pb-16 md:px-6" data-testid="wallet-return" data-mode={mode}>
      {header}
      {/* The review is the wallet gift's Confirm step (the provider holds what Info asks for). */}
      {mode === 'review' ? <StepIndicator step="confirm" /> : null}
      {body}
    </div>
  );
}

interface ReviewProps extends WalletReturnProps {
  session: WalletCheckoutSession;
  values: ReturnType<typeof valuesFromEntry>;
  deps: SubmitDeps;
  onBack(): void;
  onStarted(names: WalletNames, buyerEmail: string): void;
}

function WalletReview({ target, state, donateSessionKey, session, values, deps, onBack, onStarted }: ReviewProps) {
  const t = useTranslations('donate');
  const locale = useLocale() as Locale;
  const labels = useRequiredLabels();
  const buyer = session.buyer!;
  const [names, setNames] = useState<WalletNames>(
    () => state.names ?? { ...namesOfBuyer(buyer.name), lastNameKana: '', firstNameKana: '' },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const queue = useRef(createSubmissionQueue()).current;
  const total = walletTotal(values, target);
  // Checked on the page by the domain's rules (phonetic names required for some associates, spec
  // §5); after the first "Give" the errors follow what is typed.
  const [checked, setChecked] = useState(false);
  const errors: WalletNameErrors = checked ? walletNameErrors(names, target.associate.id) : {};
  const kanaIsRequired = kanaRequired(target.associate.id, names);
  const labelOf: Record<keyof WalletNames, string> = {
    lastName: t('info.lastName'),
    firstName: t('info.firstName'),
    lastNameKana: t('info.lastNameKana'),
    firstNameKana: t('info.firstNameKana'),
  };
  const errorOf = (name: keyof WalletNames) => {
    const error = errors[name];
    return error ? fieldErrorMessage(error.rule, labelOf[name], locale, error.params) : undefined;
  };
  const field = (name: keyof WalletNames, hint = false) => ({
    id: `wallet-${name}`,
    value: names[name],
    invalid: Boolean(errors[name]),
    'aria-describedby': describedBy(`wallet-${name}`, hint, errors[name]),
    onChange: (event: { target: { value: string } }) => setNames((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (queue.busy) return;
    setFailure(null);
    setChecked(true);
    const invalid = (Object.keys(labelOf) as (keyof WalletNames)[]).find((name) => walletNameErrors(names, target.associate.id)[name]);
    if (invalid) {
      document.getElementById(`wallet-${invalid}`)?.focus();
      return;
    }
    setSubmitting(true);
    let leavingPage = false;
    try {
      const result = await queue.run(() =>
        submitDonation(
          {
            values,
            target,
            locale,
            now: new Date(),
            clientUri: window.location.href,
            wallet: { checkoutSessionId: session.id, donateSessionKey, names, buyerEmail: buyer.email },
          },
          { ...deps, rememberPending: (pending) => (deps.rememberPending(pending), onStarted(names, buyer.email)) },
        ),
      );
      if (!result.ran) return;
      if (result.value.status === 'redirected') leavingPage = true;
      else if (result.value.status === 'failed') setFailure(result.value.message);
    } catch {
      deps.feedback({ kind: 'error', message: DONATION_ERRORS.notResponding[locale] });
    } finally {
      if (!leavingPage) setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="wallet-review">
      <p className="leading-relaxed">{t('wallet.reviewLead')}</p>
      {failure ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800" data-testid="donate-failure">
          <p className="font-bold">{t('failureTitle')}</p>
          <p className="mt-1 text-sm leading-relaxed">{failure}</p>
        </div>
      ) : null}
      <section className="rounded-2xl border border-slate-200 bg-white p-4 md:p-6">
        <h2 className="mb-2 text-lg font-bold">{t('confirm.giftSection')}</h2>
        <dl>
          <Row label={t('confirm.frequency')}>{t(`amount.frequencies.${values.frequency}`)}</Row>
          <Row label={t('confirm.method')} testId="confirm-method">
            {t('amount.methods.walletPay')}
          </Row>
          <Row label={t('confirm.total')} testId="confirm-total">
            {total === undefined ? '—' : formatYenAmount(total, locale)}
          </Row>
          <Row label={t('confirm.anonymous')}>{values.isAnonymous ? t('confirm.yes') : t('confirm.no')}</Row>
          <Row label={t('confirm.message')}>
            {values.message.trim() === '' ? t('confirm.none') : <span className="whitespace-pre-wrap font-normal">{values.message}</span>}
          </Row>
        </dl>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-4 md:p-6" data-testid="wallet-account">
        <h2 className="mb-2 text-lg font-bold">{t('wallet.account')}</h2>
        <dl>
          <Row label={t('wallet.buyerName')} testId="wallet-buyer-name">
            {buyer.name}
          </Row>
          <Row label={t('confirm.email')} testId="wallet-buyer-email">
            {buyer.email}
          </Row>
        </dl>
      </section>
      <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 md:p-6" data-testid="wallet-names">
        <div>
          <h2 className="text-lg font-bold">{t('wallet.names')}</h2>
          <p className="mt-1 text-sm text-muted">{t('wallet.namesHint')}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="wallet-lastName" label={labelOf.lastName} required labels={labels} error={errorOf('lastName')}>
            <TextInput {...field('lastName')} autoComplete="family-name" aria-required />
          </Field>
          <Field id="wallet-firstName" label={labelOf.firstName} required labels={labels} error={errorOf('firstName')}>
            <TextInput {...field('firstName')} autoComplete="given-name" aria-required />
          </Field>
          <Field
            id="wallet-lastNameKana"
            label={labelOf.lastNameKana}
            required={kanaIsRequired}
            labels={labels}
            hint={t('info.kanaHint')}
            error={errorOf('lastNameKana')}
          >
            <TextInput {...field('lastNameKana', true)} aria-required={kanaIsRequired || undefined} />
          </Field>
          <Field
            id="wallet-firstNameKana"
            label={labelOf.firstNameKana}
            required={kanaIsRequired}
            labels={labels}
            hint={t('info.kanaHint')}
            error={errorOf('firstNameKana')}
          >
            <TextInput {...field('firstNameKana', true)} aria-required={kanaIsRequired || undefined} />
          </Field>
        </div>
      </section>
      <p className="text-sm text-muted">{t('wallet.approveNote')}</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onBack} className={buttonClasses({ variant: 'secondary' })} data-testid="wallet-back">
          {t('wallet.backToForm')}
        </button>
        <button
          type="submit"
          disabled={submitting}
          className={buttonClasses({ size: 'lg', className: 'sm:min-w-48' })}
          data-testid="donate-submit"
        >
          {submitting ? t('confirm.submitting') : t('confirm.submit')}
        </button>
      </div>
    </form>
  );
}
