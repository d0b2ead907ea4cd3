'use client';
// The donation form (spec §2, §4): one react-hook-form across the steps Amount → Info → Confirm →
// Done, validated step by step with the domain schemas. The steps change the URL with
// history.pushState (Next keeps the page mounted and its router in step), so the back button walks
// the steps and nothing typed is lost; the values are also kept in client storage per associate or
// campaign, which is what brings them back after 3-D Secure or a reload. The annual membership flow
// (Plan → Info → Confirm → Done) is the same form with the Plan as its first step (membership/).
// The page ships the first step; the later steps and the submission's code are fetched when the
// supporter gets there or starts filling in the form (ADR 043).
import { SUSPICIOUS_ADDRESS_MESSAGES } from '@kifu/domain/catalogue/form-messages';
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import type { Locale } from '@kifu/domain/enums';
import { formatPostalCode } from '@kifu/domain/normalise';
import { useLocale, useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { confirmAddress, confirmDuplicateDonation, confirmRecurringCardSwitch } from '@/components/ui/confirm-dialogs';
import { notify } from '@/components/ui/toast';
import { createApiClient } from '@/lib/api-client';
import { rememberSession } from '@/lib/auth-state';
import type { PaymentClientEnv } from '@/lib/env';
import { AmountStep } from './steps/amount-step';
import { botCheckToken, loadBotCheck } from '@/lib/bot-check';
import { vaultCardOf } from './submit/build-request';
import { tokeniseCard } from './card/card-vault';
import { searchWithoutReturn, takeThreeDSecureReturn, useThreeDSecureReturn } from './card/use-three-d-secure-return';
import { usePersistedForm } from './form/use-persisted-form';
import { createDonateApi, dropSession, newIdempotencyKey, storeSession } from './donate-api';
import { pathOfStep, stepFromPathname, stepIndex, stepLabelKey, type DonateFlow, type DonateStep } from './steps/donate-steps';
import { entryKeyOf, targetPathOf, type DonateTarget } from './donate-target';
import { trackOnDataLayer } from './submit/donation-analytics';
import { createFeedback, type Notifier } from './submit/donation-feedback';
import { donationFormStore, restoreDonationForm, type Contribution, type EntryData } from './form/persisted-form-store';
import { domainResolver } from './form/domain-resolver';
import { firstInvalidStep, schemaForStep } from './form/step-validation';
import { entryDataFromValues, valuesFromEntry } from './form/form-state-codec';
import type { DonateFormValues } from './form/field-values';
import { MembershipLink } from './membership/membership-link';
import { asMembershipValues, membershipEntryKeyOf } from './membership/membership-plans';
import { PlanStep } from './membership/plan-step';
import { PortfolioHeader } from './portfolio/portfolio-header';
import { fetchPostalAddress } from '@/lib/postal-lookup';
import { createSupporterApi } from './supporter/signed-in-flow';
import { lookUpSupporter, prefilledValues, type SignedInSupporter } from './supporter/signed-in-supporter';
import { StepIndicator } from './steps/step-indicator';
import { takeWalletNotice } from './wallet-pay/wallet-state';
import { createSubmissionQueue } from './submit/submission-queue';
import { type FlowDeps, type SubmitDeps } from './submit/submit-types';
import { SupporterContext } from './supporter/supporter-context';

// The steps after the first, each fetched on its way in (see prefetchStepsAfter below).
const loadInfoStep = () => import('./steps/info-step');
const loadConfirmStep = () => import('./steps/confirm-step');
const loadDoneStep = () => import('./steps/done-step');
const loadSubmission = () => import('./submit/submit-donation');
const InfoStep = dynamic(() => loadInfoStep().then((module) => module.InfoStep), { ssr: false, loading: StepLoading });
const ConfirmStep = dynamic(() => loadConfirmStep().then((module) => module.ConfirmStep), { ssr: false, loading: StepLoading });
const DoneStep = dynamic(() => loadDoneStep().then((module) => module.DoneStep), { ssr: false, loading: StepLoading });

/** Fetches the code of the steps after `step` ahead of need: started by the supporter's first touch of a step. */
function prefetchStepsAfter(step: DonateStep): void {
  const loads = { amount: [loadInfoStep], info: [loadConfirmStep, loadSubmission], confirm: [loadSubmission, loadDoneStep], done: [] };
  for (const load of loads[step]) void load().catch(() => undefined);
}

/** The spinner is hidden from screen readers; the status line says in words that the step is loading. */
function StepLoading() {
  const t = useTranslations('progress');
  return (
    <p className="flex justify-center py-16" role="status" data-testid="donate-step-loading">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-500" />
      <span className="sr-only">{t('loading')}</span>
    </p>
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const toastNotifier: Notifier = {
  loading: (message, id) => notify.loading(message, { id }),
  error: (message, id) => notify.error(message, { id }),
  cancelled: (message, id) => notify.warning(message, { id }),
  completed: (message, id) => notify.success(message, { id }),
};

function addressLine(address: DonateFormValues['profile']['address']): string {
  return [formatPostalCode(address.postalCode), `${address.state}${address.city}${address.street}`, address.building]
    .filter((part) => part.trim() !== '')
    .join(' ');
}

type Phase = 'restoring' | 'settling' | 'ready';

export interface DonateFormProps {
  target: DonateTarget;
  /** The flow's path with the locale prefix (…/associate/{uid}/donate[/membership]). */
  basePath: string;
  payment: PaymentClientEnv;
  /** A gift (default) or an annual membership. */
  flow?: DonateFlow;
  /** The request carried the session cookie (httpOnly: the page's scripts cannot see it). */
  hasSession?: boolean;
}

export function DonateForm({ target, basePath, payment, flow = 'donation', hasSession = false }: DonateFormProps) {
  const t = useTranslations('donate');
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  // The step follows our own navigation at once and the browser's back/forward buttons through
  // popstate; the router's pathname catches up a transition later.
  const [step, setStep] = useState<DonateStep>(() => stepFromPathname(pathname) ?? 'amount');
  useEffect(() => {
    const onPopState = () => setStep(stepFromPathname(window.location.pathname) ?? 'amount');
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const key = flow === 'membership' ? membershipEntryKeyOf(target) : entryKeyOf(target);
  const store = donationFormStore();
  /** The form's values from a stored entry ({} for none), as the flow holds them. */
  const valuesOf = useCallback(
    (entry: EntryData) => (flow === 'membership' ? asMembershipValues(valuesFromEntry(entry), target) : valuesFromEntry(entry)),
    [flow, target],
  );

  const stepRef = useRef(step);
  stepRef.current = step;
  const form = useForm<DonateFormValues>({
    defaultValues: valuesOf({}),
    resolver: domainResolver<DonateFormValues>((values) => schemaForStep(stepRef.current, { target, now: new Date() }, values)),
    mode: 'onTouched',
  });

  const [phase, setPhase] = useState<Phase>('restoring');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [contribution, setContribution] = useState<Contribution | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const validateOnArrival = useRef(false);
  const started = useRef(false);
  const queue = useRef(createSubmissionQueue()).current;
  /** The token of an account signed up by an earlier attempt on this page: a retry must not sign up again. */
  const accessToken = useRef<string | null>(null);

  /** The supporter signed in by the session cookie (supporter/signed-in-supporter.ts); null for a guest. */
  const [supporter, setSupporter] = useState<SignedInSupporter | null>(null);
  const client = useMemo(() => createApiClient('/backend'), []);
  const api = useMemo(() => createDonateApi(client), [client]);
  const feedback = useMemo(() => createFeedback(toastNotifier), []);
  const flowDeps = useMemo<FlowDeps>(
    () => ({ api, feedback, sleep, methodLabel: (method) => t(`amount.methods.${method}`), track: trackOnDataLayer }),
    [api, feedback, t],
  );

  const goTo = useCallback(
    (next: DonateStep, mode: 'push' | 'replace' = 'push') => {
      const url = `${pathOfStep(basePath, next)}${searchWithoutReturn()}`;
      setStep(next);
      if (mode === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
      window.scrollTo({ top: 0 });
    },
    [basePath],
  );

  const finishPaid = useCallback(
    (paid: Contribution, mode: 'push' | 'replace') => {
      const state = store.getState();
      state.update(key, { contribution: paid, pending: undefined });
      state.setStatus(key, 'done');
      setContribution(paid);
      setFailure(null);
      form.reset(valuesOf(store.getState().entry(key)));
      setPhase('ready');
      goTo('done', mode);
    },
    [store, key, form, goTo, valuesOf],
  );

  const showFailure = useCallback(
    (message: string, to: DonateStep) => {
      setFailure(message);
      setPhase('ready');
      goTo(to, 'replace');
    },
    [goTo],
  );
  const settleReturn = useThreeDSecureReturn({ target, entryKey: key, store, form, locale, flowDeps, valuesOf, finishPaid, showFailure });

  // Read the stored form back once, and settle a gift that comes back from 3-D Secure.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const lookup = hasSession ? lookUpSupporter(client, locale, () => dropSession()) : Promise.resolve({ status: 'guest' as const });
      await restoreDonationForm(store);
      // Back from the wallet provider's pages (wallet-pay/wallet-return.tsx): a refusal or 'Cancelled.' to show once.
      const walletNotice = takeWalletNotice(store, key);
      const entry = store.getState().entry(key);
      setContribution(entry.contribution);
      const returned = takeThreeDSecureReturn();
      const found = await lookup;
      const signedIn = found.status === 'signedIn' ? found.supporter : null;
      setSupporter(signedIn);
      if (found.status === 'failed') notify.error(ACCOUNT_ERRORS.fetchUser[locale], { id: 'donation-form-user' });
      if (returned) {
        if (entry.contribution?.donationId === returned.donationId) {
          // Already settled (e.g. Back from Done through the bank's page): show it again, once.
          form.reset(valuesOf(entry));
          setPhase('ready');
          goTo('done', 'replace');
          return;
        }
        setPhase('settling');
        await settleReturn(returned.donationId, returned.token, signedIn?.id ?? null);
        form.reset(prefilledValues(form.getValues(), signedIn));
        return;
      }
      form.reset(prefilledValues(valuesOf(entry), signedIn));
      setPhase('ready');
      if (walletNotice?.kind === 'error') setFailure(walletNotice.message);
      else if (walletNotice) feedback({ kind: 'cancelled', message: walletNotice.message });
    })();
  }, [client, hasSession, locale, store, key, form, settleReturn, goTo, valuesOf, feedback]);

  usePersistedForm(form, store, key, phase === 'ready');

  // Load the bot-check script early: reCAPTCHA v3 scores what happens on the page.
  useEffect(() => {
    if (payment.botCheckSiteKey)
      loadBotCheck({ siteKey: payment.botCheckSiteKey, scriptUrl: payment.botCheckScriptUrl }).catch(() => undefined);
  }, [payment.botCheckSiteKey, payment.botCheckScriptUrl]);

  // A step reached by URL needs the steps before it; Done needs a finished gift. Checked once per
  // step change only: while a submission settles, the values may already be reset for the next
  // gift before the URL reaches Done.
  const guardedStep = useRef<DonateStep | null>(null);
  useEffect(() => {
    if (phase !== 'ready' || guardedStep.current === step) return;
    const previous = guardedStep.current;
    guardedStep.current = step;
    if (step === 'done') {
      if (!contribution) {
        goTo('amount', 'replace');
        return;
      }
    } else if (step !== 'amount') {
      const invalid = firstInvalidStep({ target, now: new Date() }, form.getValues());
      if (invalid && stepIndex(invalid) < stepIndex(step)) {
        validateOnArrival.current = true;
        goTo(invalid, 'replace');
        return;
      }
    }
    if (validateOnArrival.current) {
      validateOnArrival.current = false;
      void form.trigger();
    }
    if (previous !== null) headingRef.current?.focus();
  }, [phase, step, contribution, target, form, goTo]);

  const next = (to: DonateStep) =>
    form.handleSubmit(() => {
      setFailure(null);
      goTo(to);
    })();

  const deps = useMemo<SubmitDeps>(
    () => ({
      ...flowDeps,
      tokeniseCard: (values) =>
        tokeniseCard(vaultCardOf(values, new Date()), { vaultUrl: payment.cardVaultUrl, publicKey: payment.cardPublicKey }),
      botCheckToken: payment.botCheckSiteKey
        ? () => botCheckToken({ siteKey: payment.botCheckSiteKey!, scriptUrl: payment.botCheckScriptUrl })
        : null,
      lookUpPostalTown: async (code) => (await fetchPostalAddress(code))?.town,
      confirmAddress: (reasons) =>
        confirmAddress(
          reasons.map((reason) => SUSPICIOUS_ADDRESS_MESSAGES[reason][locale]),
          addressLine(form.getValues('profile.address')),
        ),
      confirmDuplicate: confirmDuplicateDonation,
      supporterApi: createSupporterApi(client, locale),
      confirmCardSwitch: confirmRecurringCardSwitch,
      newIdempotencyKey,
      rememberPending: (pending) => store.getState().update(key, { ...entryDataFromValues(form.getValues()), pending }),
      redirect: (url) => window.location.assign(url),
      storeSession: async (session) => {
        await storeSession(session);
        rememberSession(session.email, session.expiresIn);
      },
    }),
    [flowDeps, client, payment, locale, form, store, key],
  );

  const submit = form.handleSubmit(async (values) => {
    if (queue.busy) return;
    const invalid = firstInvalidStep({ target, now: new Date() }, values);
    if (invalid && invalid !== 'confirm') {
      validateOnArrival.current = true;
      goTo(invalid);
      return;
    }
    setFailure(null);
    setSubmitting(true);
    const clientUri = `${window.location.origin}${pathOfStep(basePath, 'confirm')}${searchWithoutReturn()}`;
    let leaving = false;
    try {
      const result = await queue.run(async () =>
        (await loadSubmission()).submitDonation(
          { values, target, locale, now: new Date(), clientUri, accessToken: accessToken.current, supporter },
          deps,
        ),
      );
      if (!result.ran) return;
      const outcome = result.value;
      if (outcome.status !== 'cancelled' && outcome.accessToken) accessToken.current = outcome.accessToken;
      if (outcome.status === 'redirected') {
        // The page is on its way to the card issuer: keep the button disabled.
        leaving = true;
      } else if (outcome.status === 'paid') {
        finishPaid(outcome.contribution, 'push');
      } else if (outcome.status === 'failed') {
        setFailure(outcome.message);
        if (outcome.step && outcome.step !== step) goTo(outcome.step);
      }
    } catch {
      feedback({ kind: 'error', message: DONATION_ERRORS.notResponding[locale] });
    } finally {
      if (!leaving) setSubmitting(false);
    }
  });

  // Enter in a field of the Amount or Info step means "next", never "give".
  const onStepSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Wallet pay leaves the Amount step only through the provider's button.
    if (step === 'amount') {
      if (form.getValues('paymentMethod') !== 'walletPay') void next('info');
    } else if (step === 'info') void next('confirm');
  };

  // The Done screen's message: kept with the contribution, so a reload offers Update, not Send.
  const rememberMessage = (messageId: number) => {
    if (!contribution || contribution.messageId === messageId) return;
    const next = { ...contribution, messageId };
    // Not update(): that marks the entry initialized, and a finished entry holds no form values.
    store.setState((state) => ({ entries: { ...state.entries, [key]: { ...state.entry(key), contribution: next } } }));
    setContribution(next);
  };

  const giveAgain = () => {
    store.getState().setStatus(key, 'draft');
    setContribution(undefined);
    goTo('amount');
  };

  // Rendered client-side only (after restoring), so window is there; the locale prefix is basePath's.
  const localePrefix = basePath.slice(0, basePath.search(/\/(?:associate|portfolio)\//));
  const membership = flow === 'membership';
  const shareUrl = typeof window === 'undefined' ? '' : `${window.location.origin}${localePrefix}${targetPathOf(target)}`;

  return (
    <SupporterContext.Provider value={supporter}>
      <div
        className="mx-auto w-full max-w-page-sm px-4 pb-16 md:px-6"
        data-testid="donate-form"
        data-phase={phase}
        data-step={step}
        data-signed-in={supporter ? 'true' : 'false'}
      >
        {target.portfolio ? (
          <PortfolioHeader target={target} portfolio={target.portfolio} control={form.control} showSplit={step !== 'done'} />
        ) : (
          <header className="mb-6 mt-8 flex items-center gap-4 md:mt-12">
            <img
              src={target.associate.logoUrl}
              alt=""
              width={56}
              height={56}
              className="size-14 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
            />
            <div className="min-w-0">
              <p className="text-xs font-semibold text-brand-700">{membership ? t('membershipTitle') : t('pageTitle')}</p>
              <h1 className="text-xl font-bold leading-snug md:text-2xl">
                {target.campaign ? target.campaign.title : t(membership ? 'memberOf' : 'supportTo', { name: target.associate.name })}
              </h1>
              {target.campaign ? <p className="mt-0.5 text-sm text-muted">{t('campaignOf', { name: target.associate.name })}</p> : null}
            </div>
          </header>
        )}
        <StepIndicator step={step} flow={flow} />
        <h2 ref={headingRef} tabIndex={-1} className="sr-only" data-testid="step-heading">
          {t(`steps.${stepLabelKey(flow, step)}`)}
        </h2>
        {!membership && step === 'amount' && phase === 'ready' ? <MembershipLink target={target} /> : null}

        {failure && step !== 'done' ? (
          <div role="alert" className="mb-5 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800" data-testid="donate-failure">
            <p className="font-bold">{t('failureTitle')}</p>
            <p className="mt-1 text-sm leading-relaxed">{failure}</p>
          </div>
        ) : null}

        {phase !== 'ready' ? (
          // As tall as a screen: the step that replaces it is taller, so the footer is never seen
          // to jump down when it comes (Lighthouse measured a layout shift of 0.32 without it).
          <p className="flex min-h-screen items-start justify-center gap-3 py-16 text-muted" role="status" data-testid="donate-restoring">
            <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-500" />
            {t('restoring')}
          </p>
        ) : (
          <FormProvider {...form}>
            <form
              onSubmit={step === 'confirm' ? submit : onStepSubmit}
              onFocusCapture={() => prefetchStepsAfter(step)}
              onPointerDownCapture={() => prefetchStepsAfter(step)}
              noValidate
              aria-labelledby="donate-step-title"
            >
              <span id="donate-step-title" className="sr-only">
                {t(`steps.${stepLabelKey(flow, step)}`)}
              </span>
              {step === 'amount' ? (
                membership ? (
                  <PlanStep target={target} onNext={() => next('info')} />
                ) : (
                  <AmountStep target={target} payment={payment} onNext={() => next('info')} />
                )
              ) : null}
              {step === 'info' ? <InfoStep target={target} onBack={() => goTo('amount')} onNext={() => next('confirm')} /> : null}
              {step === 'confirm' ? (
                <ConfirmStep target={target} submitting={submitting} onEdit={(to) => goTo(to)} onBack={() => goTo('info')} />
              ) : null}
            </form>
            {step === 'done' && contribution ? (
              <DoneStep
                target={target}
                contribution={contribution}
                shareUrl={shareUrl}
                onGiveAgain={giveAgain}
                onMessageSent={rememberMessage}
              />
            ) : null}
          </FormProvider>
        )}
      </div>
    </SupporterContext.Provider>
  );
}
