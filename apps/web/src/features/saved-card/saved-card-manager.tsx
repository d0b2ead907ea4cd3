'use client';
// /mypage/credit-card (spec §2 account routes, ADR 034): the signed-in supporter's saved card and
// the recurring support it pays for; "Replace the card" (or, with none, "Save a card") opens the
// card form: the card is tokenised at the vault in the browser, and the token saved on the user
// with POST /payment/credit move_recurring true — their recurring support moves to it, and what a
// failed card suspended goes on. "Remove the card" only while no recurring support uses it, after
// a confirmation; the API refuses (409) if one still does. Messages from spec §8 "Card check" and
// "Account".
import type { CardRecurringDonationsResponse } from '@kifu/domain/api/user-card';
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { CARD_CHECK } from '@kifu/domain/catalogue/card-check';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { confirmRecurringCardSwitch } from '@/components/ui/confirm-dialogs';
import { LoadFailed } from '@/components/ui/load-states';
import { tokeniseCard, type VaultConfig } from '@/lib/card-vault';
import { cardRemoveFailure, cardSaveFailure, vaultFailure } from './card-failures';
import { CardForm, type CardFormSubmission } from './card-form';
import { NoticeLine, type Notice } from './notice-line';
import { createSavedCardApi, type SavedCard, type SavedCardApi } from './saved-card-api';
import { CardRecurringSummary, SavedCardSummary } from './saved-card-view';

type Mode = 'view' | 'form' | 'confirmRemove';

/** The card saved just now, as /user/me/ would show it: the expiry is the one typed. */
export function savedCardFrom(
  saved: { customer_code: string; brand: string; last_digits: string; name: string },
  card: { expirationMonth: number; expirationYearFull: number },
): SavedCard {
  return {
    customer_code: saved.customer_code,
    brand: saved.brand,
    last_digits: saved.last_digits,
    name: saved.name,
    expiration_month: card.expirationMonth,
    expiration_year: card.expirationYearFull,
  };
}

export function SavedCardManager({ vault, api: injected }: { vault: VaultConfig; api?: SavedCardApi }) {
  const t = useTranslations('savedCard');
  const locale = useLocale() as Locale;
  const api = useMemo(() => injected ?? createSavedCardApi(), [injected]);
  /** undefined while loading. */
  const [card, setCard] = useState<SavedCard | null | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [recurring, setRecurring] = useState<CardRecurringDonationsResponse | null>(null);
  const [recurringFailed, setRecurringFailed] = useState(false);
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const loadRecurring = useCallback(
    (signal?: AbortSignal) => {
      setRecurringFailed(false);
      return api
        .cardRecurring(locale, signal)
        .then(setRecurring)
        .catch(() => {
          if (!signal?.aborted) setRecurringFailed(true);
        });
    },
    [api, locale],
  );

  useEffect(() => {
    const controller = new AbortController();
    setLoadFailed(false);
    api
      .savedCard(locale, controller.signal)
      .then(setCard)
      .catch(() => {
        if (!controller.signal.aborted) setLoadFailed(true);
      });
    void loadRecurring(controller.signal);
    return () => controller.abort();
  }, [api, locale, loadRecurring, attempt]);

  async function save({ card: entered }: CardFormSubmission) {
    // The recurring support on the card: asked whether it moves, with the dialog of spec §2 (first two and 'And N more').
    const carried = recurring?.recurring_donations ?? [];
    const move =
      carried.length === 0 ||
      (await confirmRecurringCardSwitch(
        carried.map((item) => ({ associateName: item.associate_name || item.portfolio_name, donorName: item.recurring_donation_name })),
      ));
    setBusy(true);
    setNotice({ kind: 'progress', text: CARD_CHECK.authorizing[locale] });
    try {
      let token: string;
      try {
        token = (await tokeniseCard(entered, vault)).id;
      } catch (error) {
        setNotice({ kind: 'error', text: vaultFailure(error, locale) });
        return;
      }
      try {
        const saved = await api.saveCard(token, move);
        const hadSupport = move && carried.length > 0;
        setCard(savedCardFrom(saved, entered));
        setMode('view');
        setNotice({ kind: 'success', text: `${CARD_CHECK.authorized[locale]} ${t('saved')}${hadSupport ? ` ${t('savedMoved')}` : ''}` });
        headingRef.current?.focus();
        void loadRecurring();
      } catch (error) {
        setNotice({ kind: 'error', text: cardSaveFailure(error, locale) });
      }
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setNotice({ kind: 'progress', text: t('removing') });
    try {
      await api.removeCard();
      setCard(null);
      setRecurring({ count: 0, card: null, recurring_donations: [] });
      setMode('view');
      setNotice({ kind: 'success', text: t('removed') });
      headingRef.current?.focus();
    } catch (error) {
      setMode('view');
      setNotice({ kind: 'error', text: cardRemoveFailure(error, locale) });
    } finally {
      setBusy(false);
    }
  }

  if (loadFailed) {
    return (
      <LoadFailed
        message={CARD_CHECK.confirmError[locale]}
        retryLabel={t('retry')}
        onRetry={() => setAttempt((n) => n + 1)}
        testId="saved-card-load-error"
      />
    );
  }
  if (card === undefined) {
    return (
      <p role="status" className="py-16 text-center text-muted" data-testid="saved-card-loading">
        {CARD_CHECK.checking[locale]}
      </p>
    );
  }
  return (
    <SavedCardPanel
      card={card}
      recurring={recurring}
      recurringFailure={recurringFailed ? ACCOUNT_ERRORS.recurringStatus[locale] : null}
      mode={mode}
      busy={busy}
      notice={notice}
      headingRef={headingRef}
      onMode={(next) => {
        setNotice(null);
        setMode(next);
      }}
      onSave={save}
      onRemove={remove}
    />
  );
}

/** The loaded page, as state decides it (static-rendered by the tests). */
export function SavedCardPanel({
  card,
  recurring,
  recurringFailure,
  mode,
  busy,
  notice,
  headingRef,
  now = new Date(),
  onMode,
  onSave,
  onRemove,
}: {
  card: SavedCard | null;
  recurring: CardRecurringDonationsResponse | null;
  recurringFailure: string | null;
  mode: Mode;
  busy: boolean;
  notice: Notice | null;
  headingRef?: Ref<HTMLHeadingElement>;
  now?: Date;
  onMode(mode: Mode): void;
  onSave(submission: CardFormSubmission): void;
  onRemove(): void;
}) {
  const t = useTranslations('savedCard');
  const inUse = (recurring?.recurring_donations.length ?? 0) > 0;
  // Removal is offered only once the support on the card is known to be none.
  const removable = card !== null && recurring !== null && !inUse && recurringFailure === null;
  const cardLabel = card ? t('card', { brand: card.brand, digits: card.last_digits }) : '';
  return (
    <div className="flex flex-col gap-6" data-testid="saved-card-page">
      <p className="leading-relaxed text-muted">{t('lead')}</p>
      <h2 ref={headingRef} tabIndex={-1} className="sr-only">
        {t('current')}
      </h2>
      <NoticeLine notice={notice} />
      <SavedCardSummary card={card} now={now} />
      {card ? <CardRecurringSummary recurring={recurring} failure={recurringFailure} /> : null}
      {mode === 'form' ? (
        <section className="rounded-2xl border border-slate-200 p-5" data-testid="saved-card-form">
          <h2 className="mb-4 text-lg font-bold">{t('form.title')}</h2>
          <CardForm busy={busy} onSubmit={onSave} onCancel={() => onMode('view')} />
        </section>
      ) : null}
      {mode === 'confirmRemove' && card ? (
        <section
          aria-labelledby="saved-card-remove-question"
          className="rounded-2xl border border-red-200 bg-red-50 p-5"
          data-testid="saved-card-remove-panel"
        >
          <p id="saved-card-remove-question" className="font-semibold">
            {t('removeConfirm', { card: cardLabel })}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              disabled={busy}
              onClick={onRemove}
              className="inline-flex h-10 items-center justify-center rounded-full bg-red-700 px-4 text-sm font-semibold whitespace-nowrap text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-50"
              data-testid="saved-card-remove-confirm"
            >
              {busy ? t('removing') : t('removeYes')}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => onMode('view')}
              className={buttonClasses({ variant: 'secondary', className: 'disabled:opacity-50' })}
              data-testid="saved-card-remove-cancel"
            >
              {t('cancel')}
            </button>
          </div>
        </section>
      ) : null}
      {mode === 'view' ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" onClick={() => onMode('form')} className={buttonClasses()} data-testid="saved-card-replace">
            {card ? t('replace') : t('register')}
          </button>
          {removable ? (
            <button
              type="button"
              onClick={() => onMode('confirmRemove')}
              className={buttonClasses({ variant: 'secondary' })}
              data-testid="saved-card-remove"
            >
              {t('remove')}
            </button>
          ) : null}
          {card && inUse ? (
            <p className="w-full text-sm text-muted" data-testid="saved-card-remove-blocked">
              {t('removeBlocked')}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
