'use client';
// One recurring donation on /mypage/recurring-support (ADR 034): what it supports, its amount and
// period, how it pays, where it stands, its next charge and latest charges, and the changes the API
// allows. Stopping first offers the gentler changes and asks for an optional reason. Each change
// sends one request at a time, updates the card from the answer and announces the result.
import type { api } from '@kifu/domain';
import { amountRangeNote } from '@kifu/domain/catalogue/amount-messages';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { PAUSE_MONTHS, STOP_REASON_MAX_LENGTH, type PauseMonths } from '@kifu/domain/recurring-support';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { Link } from '@/i18n/navigation';
import {
  amountRuleMessage,
  createRecurringApi,
  failureOf,
  type AmountContext,
  type RecurringApi,
  type RecurringChange,
} from './recurring-api';
import {
  composeStopReason,
  giveAgainHref,
  monthlyLimits,
  parseAmountInput,
  pauseEndsOn,
  STOP_REASONS,
  targetOf,
  type StopReason,
} from './recurring-helpers';

export type Mode = 'amount' | 'pause' | 'stop';
type Action = keyof api.RecurringSupportItem['allowed'];

const STATE_TONE: Record<api.RecurringSupportItem['state'], string> = {
  pending: 'bg-slate-100 text-slate-700',
  active: 'bg-emerald-100 text-emerald-900',
  paused: 'bg-sky-100 text-sky-900',
  retrying: 'bg-amber-100 text-amber-900',
  suspended: 'bg-red-100 text-red-900',
  stopped: 'bg-slate-100 text-slate-700',
};

/** The donation statuses a charge can have (the API's donation_status). */
const CHARGE_STATUSES = ['pending', 'authorizing', 'awaiting_transfer', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
const isChargeStatus = (value: string): value is (typeof CHARGE_STATUSES)[number] => (CHARGE_STATUSES as readonly string[]).includes(value);

const dangerButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-full bg-red-700 px-4 text-sm font-semibold whitespace-nowrap text-white ' +
  'transition-colors hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-50';
const smallButton = (variant: 'primary' | 'secondary' = 'secondary') =>
  buttonClasses({ variant, size: 'sm', className: 'disabled:opacity-50' });

/** A calendar date (YYYY-MM-DD, a day in Japan) or a timestamp, as a Date to format. */
function instant(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+09:00` : value);
}

function useDate() {
  const format = useFormatter();
  return (value: string) => format.dateTime(instant(value), { dateStyle: 'long' });
}

function Panel({
  id,
  title,
  testId,
  onEscape,
  children,
}: {
  id: string;
  title: string;
  testId?: string;
  onEscape: () => void;
  children: ReactNode;
}) {
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
    }
  };
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid={testId}
      onKeyDown={keys}
    >
      <h3 id={`${id}-title`} tabIndex={-1} className="font-bold focus:outline-none">
        {title}
      </h3>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
    </section>
  );
}

export function RecurringCard({
  item,
  onUpdated,
  api: client,
  cardPath = '/mypage/credit-card',
  initialMode = null,
}: {
  item: api.RecurringSupportItem;
  onUpdated: (next: api.RecurringSupportItem) => void;
  api?: RecurringApi;
  /** Where the card is changed: My page's card page, or /credit for a guest. */
  cardPath?: '/mypage/credit-card' | '/credit';
  /** The panel open at first (none on the page; a test opens one). */
  initialMode?: Mode | null;
}) {
  const t = useTranslations('recurring');
  const locale = useLocale() as Locale;
  const date = useDate();
  const id = useId();
  const calls = useMemo(() => client ?? createRecurringApi(), [client]);
  const cardRef = useRef<HTMLLIElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sending = useRef(false);

  const [mode, setMode] = useState<Mode | null>(initialMode);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [amountText, setAmountText] = useState(String(item.amount));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [months, setMonths] = useState<PauseMonths>(1);
  const [reason, setReason] = useState<StopReason | null>(null);
  const [reasonText, setReasonText] = useState('');
  const amountId = `${id}-amount-input`;
  const textId = `${id}-reason-text`;
  const pauseId = `${id}-pause-months`;

  const limits = monthlyLimits(item);
  const amountContext: AmountContext = { limits, fieldLabel: t('amount.label'), methodLabel: t(`method.${item.payment_method}`) };
  const target = targetOf(item);
  const allowed = item.allowed;
  const anyAction = allowed.amount || allowed.pause || allowed.skip || allowed.resume || allowed.stop;

  // Where the focus goes once the card has rendered a change: into a panel opened, back to the
  // button that opened one, or to the card's name when the button pressed is gone.
  const [focusRequest, setFocusRequest] = useState<{ find: () => HTMLElement | null | undefined } | null>(null);
  useEffect(() => {
    if (focusRequest) (focusRequest.find() ?? headingRef.current)?.focus();
  }, [focusRequest]);
  const focusNext = (find: () => HTMLElement | null | undefined) => setFocusRequest({ find });
  const byId = (elementId: string) => () => document.getElementById(elementId);

  function open(next: Mode) {
    setError(null);
    setAmountError(null);
    setStatus('');
    if (next === 'amount') setAmountText(String(item.amount));
    setMode(next);
    // The stop panel is read from its title, its alternatives first; the others start at their field.
    focusNext(byId(next === 'amount' ? amountId : next === 'pause' ? pauseId : `${id}-stop-title`));
  }

  function close() {
    const was = mode;
    setMode(null);
    setAmountError(null);
    if (was) focusNext(() => cardRef.current?.querySelector<HTMLElement>(`[data-action="${was}"]`));
  }

  function toggle(next: Mode) {
    if (mode === next) close();
    else open(next);
  }

  function doneMessage(change: RecurringChange, next: api.RecurringSupportItem): string {
    switch (change.kind) {
      case 'amount':
        return t('done.amount', { amount: formatYenAmount(next.amount, locale) });
      case 'pause': {
        const resumes = next.paused_until ?? next.next_charge_on;
        return resumes ? t('done.pause', { date: date(resumes) }) : t('done.pauseNoDate');
      }
      case 'skip':
        return next.next_charge_on ? t('done.skip', { date: date(next.next_charge_on) }) : t('done.skipNoDate');
      case 'resume':
        return next.next_charge_on ? t('done.resume', { date: date(next.next_charge_on) }) : t('done.resumeNoDate');
      case 'stop':
        return t('done.stop');
    }
  }

  async function run(change: RecurringChange) {
    if (sending.current) return;
    sending.current = true;
    // Disabled while the request runs, the pressed button loses the focus: it gets it back after a failure.
    const pressed = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBusy(true);
    setError(null);
    setAmountError(null);
    setStatus(t('working'));
    try {
      const next = await calls.change(item.id, change, locale);
      onUpdated(next);
      setMode(null);
      setReason(null);
      setReasonText('');
      setStatus(doneMessage(change, next));
      focusNext(() => headingRef.current);
    } catch (failure) {
      const said = failureOf(failure, locale, amountContext);
      setStatus('');
      if (said.field === 'amount') {
        setAmountError(said.message);
        setMode('amount');
        focusNext(byId(amountId));
      } else {
        setError(said.message);
        focusNext(() => (pressed?.isConnected ? pressed : null));
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function saveAmount() {
    const parsed = parseAmountInput(amountText, limits);
    if (!parsed.ok) {
      setAmountError(amountRuleMessage(parsed.rule, amountContext, locale));
      focusNext(byId(amountId));
      return;
    }
    void run({ kind: 'amount', amount: parsed.amount });
  }

  function stop() {
    const label = reason !== null && reason !== 'other' ? t(`stop.reasons.${reason}`) : null;
    void run({ kind: 'stop', reason: composeStopReason(label, reasonText) });
  }

  const period =
    item.period === 'monthly'
      ? t('period.monthly', { amount: formatYenAmount(item.amount, locale) })
      : item.membership_plan
        ? t('period.annualPlan', { amount: formatYenAmount(item.amount, locale), plan: item.membership_plan })
        : t('period.annual', { amount: formatYenAmount(item.amount, locale) });
  const method = item.card
    ? t('methodWithCard', { method: t(`method.${item.payment_method}`), brand: item.card.brand, last: item.card.last_digits })
    : t(`method.${item.payment_method}`);
  const stateText = (() => {
    switch (item.state) {
      case 'paused':
        return item.paused_until ? t('state.paused', { date: date(item.paused_until) }) : t('state.pausedNoDate');
      case 'stopped':
        return item.stopped_at ? t('state.stopped', { date: date(item.stopped_at) }) : t('state.stoppedNoDate');
      default:
        return t(`state.${item.state}`);
    }
  })();
  const chargeStatus = (value: string) => (isChargeStatus(value) ? t(`charges.statuses.${value}`) : value);

  const actionButton = (action: Action, label: string, onClick: () => void, expands: boolean) =>
    allowed[action] ? (
      <button
        type="button"
        disabled={busy}
        className={smallButton()}
        onClick={onClick}
        data-action={action === 'amount' ? 'amount' : action}
        data-testid={`recurring-${action === 'amount' ? 'change-amount' : action}`}
        aria-expanded={expands ? mode === (action as Mode) : undefined}
        aria-controls={expands && mode === (action as Mode) ? `${id}-${action}` : undefined}
      >
        {label}
      </button>
    ) : null;

  const resumesOn = mode === 'pause' ? pauseEndsOn(item.next_charge_on, months, new Date()) : null;

  return (
    <li
      ref={cardRef}
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="recurring-item"
      data-recurring-id={item.id}
      data-state={item.state}
      aria-busy={busy || undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 ref={headingRef} tabIndex={-1} className="min-w-0 text-lg font-bold leading-snug focus:outline-none">
          {target.href ? (
            <Link href={target.href} className="hover:text-brand-700 hover:underline" data-testid="recurring-target">
              {target.name}
            </Link>
          ) : (
            target.name
          )}
        </h2>
        <span className={cx('rounded-full px-3 py-0.5 text-xs font-semibold', STATE_TONE[item.state])} data-testid="recurring-state">
          {stateText}
        </span>
      </div>

      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('amountLabel')}</dt>
        <dd className="font-bold" data-testid="recurring-amount">
          {period}
        </dd>
        <dt className="text-muted">{t('methodLabel')}</dt>
        <dd data-testid="recurring-method">{method}</dd>
        {item.next_charge_on ? (
          <>
            <dt className="text-muted">{t('nextCharge')}</dt>
            <dd data-testid="recurring-next-charge">{date(item.next_charge_on)}</dd>
          </>
        ) : null}
        <dt className="text-muted">{t('startedOn')}</dt>
        <dd>{date(item.started_on)}</dd>
      </dl>

      {item.state === 'pending' || item.state === 'retrying' || item.state === 'suspended' ? (
        <p className={cx('mt-3 rounded-xl p-3 text-sm', item.state === 'pending' ? 'bg-slate-50' : 'bg-amber-50')}>
          {t(item.state === 'suspended' && item.payment_method === 'walletPay' ? 'note.suspendedWallet' : `note.${item.state}`)}
          {item.state !== 'pending' && item.payment_method === 'creditCard' ? (
            <>
              {' '}
              <Link href={cardPath} className="font-semibold text-brand-700 underline underline-offset-2">
                {t('note.checkCard')}
              </Link>
            </>
          ) : null}
          {item.state === 'suspended' && item.payment_method === 'walletPay' && giveAgainHref(item) ? (
            <>
              {' '}
              <Link
                href={giveAgainHref(item)!}
                className="font-semibold text-brand-700 underline underline-offset-2"
                data-testid="recurring-give-again"
              >
                {t('note.giveAgain')}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}

      {anyAction ? (
        <div role="group" aria-label={t('actions.label')} className="mt-4 flex flex-wrap gap-2">
          {actionButton('amount', t('actions.changeAmount'), () => toggle('amount'), true)}
          {actionButton('pause', t('actions.pause'), () => toggle('pause'), true)}
          {actionButton('skip', t('actions.skip'), () => void run({ kind: 'skip' }), false)}
          {actionButton('resume', t('actions.resume'), () => void run({ kind: 'resume' }), false)}
          {actionButton('stop', t('actions.stop'), () => toggle('stop'), true)}
        </div>
      ) : null}

      {mode === 'amount' && allowed.amount ? (
        <Panel id={`${id}-amount`} title={t('amount.title')} onEscape={close}>
          <form
            noValidate
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              saveAmount();
            }}
          >
            <div>
              <label htmlFor={amountId} className="mb-1 block text-sm font-semibold">
                {t('amount.label')}
              </label>
              <input
                id={amountId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={amountText}
                onChange={(event) => setAmountText(event.target.value)}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={describedBy(amountId, true, amountError)}
                className={inputClasses(Boolean(amountError), 'max-w-xs')}
                data-testid="recurring-amount-input"
              />
              <p id={`${amountId}-hint`} className="mt-1 text-xs text-muted">
                {t('amount.hint', { range: amountRangeNote(limits.min, limits.max, locale) })}
              </p>
              {amountError ? (
                <p id={`${amountId}-error`} role="alert" className="mt-1 text-sm text-red-700" data-testid="recurring-amount-error">
                  {amountError}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={busy} className={smallButton('primary')} data-testid="recurring-amount-save">
                {t('amount.save')}
              </button>
              <button type="button" disabled={busy} className={smallButton()} onClick={close}>
                {t('cancel')}
              </button>
            </div>
          </form>
        </Panel>
      ) : null}

      {mode === 'pause' && allowed.pause ? (
        <Panel id={`${id}-pause`} title={t('pause.title')} onEscape={close}>
          <div>
            <label htmlFor={pauseId} className="mb-1 block text-sm font-semibold">
              {t('pause.label')}
            </label>
            <select
              id={pauseId}
              value={months}
              onChange={(event) => setMonths(Number(event.target.value) as PauseMonths)}
              aria-describedby={`${pauseId}-hint`}
              className={inputClasses(false, 'max-w-xs')}
              data-testid="recurring-pause-months"
            >
              {PAUSE_MONTHS.map((count) => (
                <option key={count} value={count}>
                  {t('pause.months', { count })}
                </option>
              ))}
            </select>
            <p id={`${pauseId}-hint`} className="mt-1 text-xs text-muted">
              {resumesOn ? `${t('pause.resumes', { date: date(resumesOn) })} ` : null}
              {t('pause.note')}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              className={smallButton('primary')}
              onClick={() => void run({ kind: 'pause', months })}
              data-testid="recurring-pause-confirm"
            >
              {t('pause.confirm')}
            </button>
            <button type="button" disabled={busy} className={smallButton()} onClick={close}>
              {t('cancel')}
            </button>
          </div>
        </Panel>
      ) : null}

      {mode === 'stop' && allowed.stop ? (
        <Panel id={`${id}-stop`} title={t('stop.title')} testId="recurring-stop-panel" onEscape={close}>
          {allowed.amount || allowed.pause || allowed.skip ? (
            <div data-testid="recurring-stop-alternatives">
              <p className="text-sm">{t('stop.alternatives')}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {allowed.amount ? (
                  <button
                    type="button"
                    disabled={busy}
                    className={smallButton()}
                    onClick={() => open('amount')}
                    data-testid="recurring-stop-lower-amount"
                  >
                    {t('stop.lowerAmount')}
                  </button>
                ) : null}
                {allowed.pause ? (
                  <button
                    type="button"
                    disabled={busy}
                    className={smallButton()}
                    onClick={() => open('pause')}
                    data-testid="recurring-stop-pause-instead"
                  >
                    {t('stop.pauseInstead')}
                  </button>
                ) : null}
                {allowed.skip ? (
                  <button
                    type="button"
                    disabled={busy}
                    className={smallButton()}
                    onClick={() => void run({ kind: 'skip' })}
                    data-testid="recurring-stop-skip-instead"
                  >
                    {t('stop.skipInstead')}
                  </button>
                ) : null}
              </div>
            </div>
          ) : null}

          <fieldset className="min-w-0">
            <legend className="mb-1 text-sm font-semibold">{t('stop.reasonLegend')}</legend>
            <div className="flex flex-col gap-1">
              {STOP_REASONS.map((choice) => (
                <label key={choice} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={choice}
                    checked={reason === choice}
                    onChange={() => setReason(choice)}
                    className="h-4 w-4"
                    data-testid="recurring-stop-reason"
                  />
                  {t(`stop.reasons.${choice}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={textId} className="mb-1 block text-sm font-semibold">
              {t('stop.reasonText')}
            </label>
            <textarea
              id={textId}
              rows={3}
              maxLength={STOP_REASON_MAX_LENGTH}
              value={reasonText}
              onChange={(event) => setReasonText(event.target.value.slice(0, STOP_REASON_MAX_LENGTH))}
              aria-describedby={`${textId}-hint`}
              className={inputClasses(false)}
              data-testid="recurring-stop-reason-text"
            />
            <p id={`${textId}-hint`} className="mt-1 text-xs text-muted">
              {t('stop.reasonHint', { max: STOP_REASON_MAX_LENGTH })}
              <span aria-hidden="true">
                {' '}
                ({reasonText.length}/{STOP_REASON_MAX_LENGTH})
              </span>
            </p>
          </div>
          <p className="text-sm font-semibold text-red-800">{t('stop.warning')}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" disabled={busy} className={dangerButton} onClick={stop} data-testid="recurring-stop-confirm">
              {t('stop.confirm')}
            </button>
            <button type="button" disabled={busy} className={smallButton()} onClick={close}>
              {t('stop.keep')}
            </button>
          </div>
        </Panel>
      ) : null}

      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800" data-testid="recurring-error">
          {error}
        </p>
      ) : null}
      <p
        role="status"
        className={cx('text-sm', status ? 'mt-3 font-semibold text-emerald-800' : 'sr-only')}
        data-testid="recurring-message"
      >
        {status}
      </p>

      <details className="mt-4 text-sm" data-testid="recurring-charges">
        <summary className="cursor-pointer font-semibold text-brand-700">{t('charges.title', { count: item.charges.length })}</summary>
        {item.charges.length === 0 ? (
          <p className="mt-2 text-muted">{t('charges.none')}</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-1 font-normal">
                  {t('charges.date')}
                </th>
                <th scope="col" className="py-1 text-right font-normal">
                  {t('charges.amount')}
                </th>
                <th scope="col" className="py-1 pl-4 font-normal">
                  {t('charges.status')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {item.charges.map((charge) => (
                <tr key={charge.donation_id} data-testid="recurring-charge">
                  <td className="py-1">{date(charge.at)}</td>
                  <td className="py-1 text-right font-semibold">{formatYenAmount(charge.amount, locale)}</td>
                  <td className="py-1 pl-4">{chargeStatus(charge.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </li>
  );
}
