'use client';
// /credit (spec §2, §6; ADR 034): a supporter without an account puts their recurring donations on
// a new card, in the session the mailed link opened (/auth/application/edit-recurring-donations).
// Without that session the list call answers 401 and the page says to open the link first. With
// it: how many donations will move, and the card form with their email (the session's: the API
// refuses a card made for another, 403). Saving: tokenise at the vault → POST
// /payment/non-member-credit {token, email} → POST /auth/application/recurring-donations/card/.
import type { Locale } from '@kifu/domain/enums';
import { CARD_CHECK } from '@kifu/domain/catalogue/card-check';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { Link } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-client';
import { tokeniseCard, type VaultConfig } from '@/lib/card-vault';
import { cardSaveFailure, guestMoveFailure, vaultFailure } from './card-failures';
import { CardForm, type CardFormSubmission } from './card-form';
import { createSavedCardApi, movableCount, type SavedCardApi } from './saved-card-api';
import { NoticeLine, type Notice } from './notice-line';

export const GUEST_RECURRING_PATH = '/auth/application/edit-recurring-donations';

export type GuestCardPhase =
  | { kind: 'checking' }
  | { kind: 'noSession' }
  | { kind: 'loadFailed' }
  | { kind: 'ready'; movable: number }
  | { kind: 'done'; moved: number };

export function GuestCardChange({ vault, api: injected }: { vault: VaultConfig; api?: SavedCardApi }) {
  const locale = useLocale() as Locale;
  const t = useTranslations('savedCard');
  const api = useMemo(() => injected ?? createSavedCardApi(), [injected]);
  const [phase, setPhase] = useState<GuestCardPhase>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [attempt, setAttempt] = useState(0);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .guestRecurring(locale, controller.signal)
      .then((items) => setPhase({ kind: 'ready', movable: movableCount(items) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setPhase(error instanceof ApiError && error.status === 401 ? { kind: 'noSession' } : { kind: 'loadFailed' });
      });
    return () => controller.abort();
  }, [api, locale, attempt]);

  useEffect(() => {
    if (phase.kind === 'done') resultRef.current?.focus();
  }, [phase.kind]);

  async function save({ card, email }: CardFormSubmission) {
    setBusy(true);
    setNotice({ kind: 'progress', text: CARD_CHECK.authorizing[locale] });
    try {
      let token: string;
      try {
        token = (await tokeniseCard(card, vault)).id;
      } catch (error) {
        setNotice({ kind: 'error', text: vaultFailure(error, locale) });
        return;
      }
      let customer: { customer_id: string; customer_handle: string };
      try {
        customer = await api.guestCustomer({ token, email: email! });
      } catch (error) {
        setNotice({ kind: 'error', text: cardSaveFailure(error, locale) });
        return;
      }
      try {
        const { count } = await api.moveGuestRecurring(customer);
        setNotice(null);
        setPhase({ kind: 'done', moved: count });
      } catch (error) {
        const failure = guestMoveFailure(error, locale);
        if (failure.kind === 'session') {
          setNotice(null);
          setPhase({ kind: 'noSession' });
        } else {
          setNotice({ kind: 'error', text: failure.kind === 'email' ? t('guest.emailMismatch') : failure.message });
        }
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <GuestCardPanel
      phase={phase}
      busy={busy}
      notice={notice}
      resultRef={resultRef}
      onRetry={() => {
        setPhase({ kind: 'checking' });
        setAttempt((n) => n + 1);
      }}
      onSave={save}
    />
  );
}

/** The page as its phase decides it (static-rendered by the tests). */
export function GuestCardPanel({
  phase,
  busy,
  notice,
  resultRef,
  onRetry,
  onSave,
}: {
  phase: GuestCardPhase;
  busy: boolean;
  notice: Notice | null;
  resultRef?: Ref<HTMLDivElement>;
  onRetry(): void;
  onSave(submission: CardFormSubmission): void;
}) {
  const t = useTranslations('savedCard');
  const locale = useLocale() as Locale;
  const back = (
    <Link
      href={GUEST_RECURRING_PATH}
      className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
      data-testid="guest-card-back"
    >
      {t('guest.back')}
    </Link>
  );
  switch (phase.kind) {
    case 'checking':
      return (
        <p role="status" className="py-16 text-center text-muted" data-testid="guest-card-checking">
          {CARD_CHECK.checking[locale]}
        </p>
      );
    case 'noSession':
      return (
        <div className="flex flex-col gap-4 rounded-2xl bg-slate-50 p-6" data-testid="guest-card-no-session">
          <p className="leading-relaxed">{t('guest.sessionNeeded')}</p>
          <Link
            href={GUEST_RECURRING_PATH}
            className={buttonClasses({ size: 'sm', className: 'self-start' })}
            data-testid="guest-card-get-link"
          >
            {t('guest.getLink')}
          </Link>
        </div>
      );
    case 'loadFailed':
      return (
        <div role="alert" className="rounded-2xl bg-red-50 p-6 text-center" data-testid="guest-card-load-error">
          <p>{t('guest.loadFailed')}</p>
          <button type="button" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })} onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      );
    case 'done':
      return (
        <div className="flex flex-col gap-4" data-testid="guest-card-done">
          <div ref={resultRef} tabIndex={-1} role="status" className="rounded-xl bg-emerald-50 p-4 font-semibold text-emerald-900">
            <p>{CARD_CHECK.authorized[locale]}</p>
            <p data-testid="guest-card-moved">{t('guest.done', { count: phase.moved })}</p>
          </div>
          {back}
        </div>
      );
    case 'ready':
      return (
        <div className="flex flex-col gap-6" data-testid="guest-card-ready">
          <p className="leading-relaxed text-muted">{t('guest.lead')}</p>
          <p className="rounded-xl bg-slate-50 p-4 font-semibold" data-testid="guest-card-movable">
            {phase.movable > 0 ? t('guest.moving', { count: phase.movable }) : t('guest.nothingToMove')}
          </p>
          <NoticeLine notice={notice} />
          <section className="rounded-2xl border border-slate-200 p-5">
            <h2 className="mb-4 text-lg font-bold">{t('form.title')}</h2>
            <CardForm withEmail busy={busy} onSubmit={onSave} />
          </section>
          {back}
        </div>
      );
  }
}
