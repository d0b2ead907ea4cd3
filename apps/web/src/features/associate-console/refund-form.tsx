'use client';
// Refunding a gift from its page (ADR 064), for members who may manage: a disclosure with the
// amount (all that is left, or a part), a reason, then a confirmation that says what will happen
// before anything is sent. One request_key per opening of the form: a double press, or a retry after
// the answer was lost, names the same refund and the API answers that one instead of a second.
// After an answer the page reloads the gift and says the outcome in its live region.
import type { api } from '@kifu/domain';
import { REFUND_REASON_MAX_LENGTH } from '@kifu/domain/refunds';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { ApiError } from '@/lib/api-client';
import { consoleApi } from './console-api';
import { useConsoleCaller } from './console-shell';
import { useGiftFormat } from './gift-labels';

/** A key for one opening of the form; UUIDs fit the API's /^[A-Za-z0-9_-]{16,64}$/. */
function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whole yen typed the way people type them: full-width digits, commas, a yen sign. */
function parseYen(text: string): number | null {
  const plain = text.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0)).replace(/[,，\s¥￥円]/g, '');
  return /^\d{1,10}$/.test(plain) ? Number(plain) : null;
}

type Sending = 'idle' | 'sending';
/** A refusal the API gave (nothing was refunded), or no answer at all (it may have been). */
type Failure = { kind: 'refused'; text: string } | { kind: 'unknown' } | null;

function useRefusalText() {
  const t = useTranslations('console.refund.errors');
  return (error: ApiError) => {
    if (error.detail.startsWith('not_refundable')) return t('not_refundable');
    if (error.detail.startsWith('refund_under_way')) return t('refund_under_way');
    if (error.detail.startsWith('over_refundable')) return t('over_refundable');
    if (error.status === 403) return t('forbidden');
    if (error.status === 404) return t('not_found');
    if (error.status === 400) return t('validation');
    return t('failed');
  };
}

export function RefundForm({
  gift,
  onRefunded,
  onClose,
}: {
  gift: api.ConsoleGiftDetail;
  /** The API answered a refund (completed, pending or failed): the page reloads the gift and says it. */
  onRefunded: (refund: api.GiftRefund) => void;
  /** Closed without an answer; `uncertain` when a request went out and its answer was lost. */
  onClose: (uncertain: boolean) => void;
}) {
  const t = useTranslations('console.refund');
  const format = useGiftFormat();
  const id = useId();
  const refusalText = useRefusalText();
  const { associate } = useConsoleCaller();
  const [requestKey] = useState(newRequestKey);
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [scope, setScope] = useState<'full' | 'partial'>('full');
  const [amountText, setAmountText] = useState(String(gift.refundable_amount));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [sending, setSending] = useState<Sending>('idle');
  const [failure, setFailure] = useState<Failure>(null);
  /** Once a request may have reached the API, the form keeps what it sent so a retry asks for the same refund. */
  const [sent, setSent] = useState(false);
  const firstControl = useRef<HTMLInputElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const pressed = useRef(false);

  const refundable = gift.refundable_amount;
  const amount = scope === 'full' ? refundable : parseYen(amountText);
  const kept = gift.amount - gift.refunded_amount - (amount ?? 0);

  useEffect(() => {
    (step === 'edit' ? firstControl : confirmHeading).current?.focus();
  }, [step]);

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: typeof errors = {};
    if (amount === null || amount < 1 || amount > refundable) found.amount = t('amountError', { max: format.yen(refundable) });
    if (reason.trim() === '') found.reason = t('reasonRequired');
    else if (reason.trim().length > REFUND_REASON_MAX_LENGTH) found.reason = t('reasonTooLong', { max: REFUND_REASON_MAX_LENGTH });
    setErrors(found);
    if (found.amount) {
      amountInput.current?.focus();
      return;
    }
    if (found.reason) {
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setFailure(null);
    setStep('confirm');
  }

  async function send() {
    // A second press before React has disabled the button must not send again.
    if (pressed.current || amount === null) return;
    pressed.current = true;
    setSending('sending');
    setFailure(null);
    setSent(true);
    try {
      const refund = await consoleApi.refund(associate.uid, gift.id, { amount, reason: reason.trim(), request_key: requestKey });
      onRefunded(refund);
    } catch (error) {
      // A refusal names why and changed nothing (no refund holds this key yet); no answer, or a
      // server error, may hide a refund made, so the form then only offers to ask again.
      const refused = error instanceof ApiError && error.status < 500;
      setFailure(refused ? { kind: 'refused', text: refusalText(error) } : { kind: 'unknown' });
      setSent(!refused);
    } finally {
      pressed.current = false;
      setSending('idle');
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && sending === 'idle') {
      event.preventDefault();
      onClose(sent);
    }
  }

  const reasonLength = reason.trim().length;
  return (
    <div
      id="refund-form"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="refund-form"
      data-step={step}
      onKeyDown={onKeyDown}
    >
      {step === 'edit' ? (
        <form noValidate onSubmit={review} className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
          <h3 id={`${id}-title`} className="font-bold">
            {t('formTitle')}
          </h3>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">{t('amountLegend')}</legend>
            <label className="flex items-center gap-2">
              <input
                ref={firstControl}
                type="radio"
                name={`${id}-scope`}
                value="full"
                checked={scope === 'full'}
                onChange={() => setScope('full')}
                data-testid="refund-full"
              />
              {t('full', { amount: format.yen(refundable) })}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-scope`}
                value="partial"
                checked={scope === 'partial'}
                onChange={() => setScope('partial')}
                data-testid="refund-partial"
              />
              {t('partial')}
            </label>
            {scope === 'partial' ? (
              <div className="flex flex-col gap-1 pl-6">
                <label htmlFor={`${id}-amount`} className="text-sm font-semibold">
                  {t('amountLabel')}
                </label>
                <input
                  ref={amountInput}
                  id={`${id}-amount`}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={amountText}
                  onChange={(event) => setAmountText(event.target.value)}
                  aria-invalid={errors.amount ? true : undefined}
                  aria-describedby={describedBy(`${id}-amount`, true, errors.amount)}
                  className={inputClasses(Boolean(errors.amount), 'max-w-48')}
                  data-testid="refund-amount"
                />
                <p id={`${id}-amount-hint`} className="text-sm text-muted">
                  {t('amountHint', { max: format.yen(refundable) })}
                </p>
                {errors.amount ? (
                  <p id={`${id}-amount-error`} className="text-sm text-red-700">
                    {errors.amount}
                  </p>
                ) : null}
              </div>
            ) : null}
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
              {t('reasonLabel')}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              required
              maxLength={REFUND_REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={describedBy(`${id}-reason`, true, errors.reason)}
              className={inputClasses(Boolean(errors.reason))}
              data-testid="refund-reason"
            />
            <p id={`${id}-reason-hint`} className="text-sm text-muted" data-testid="refund-reason-count">
              {t('reasonHint', { count: reasonLength, max: REFUND_REASON_MAX_LENGTH })}
            </p>
            {errors.reason ? (
              <p id={`${id}-reason-error`} className="text-sm text-red-700">
                {errors.reason}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClasses({ size: 'sm' })} data-testid="refund-review">
              {t('review')}
            </button>
            <button type="button" className={buttonClasses({ variant: 'secondary', size: 'sm' })} onClick={() => onClose(false)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <section aria-labelledby={`${id}-confirm`} className="flex flex-col gap-3" data-testid="refund-confirm">
          <h3 id={`${id}-confirm`} ref={confirmHeading} tabIndex={-1} className="font-bold focus:outline-none">
            {t('confirmTitle', { amount: format.yen(amount ?? 0) })}
          </h3>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
            <li>{t(`confirmWhere.${gift.method}`, { amount: format.yen(amount ?? 0) })}</li>
            <li>{t('confirmMail')}</li>
            {gift.receipt_number ? (
              <li>
                {kept > 0
                  ? t('confirmReceiptReissued', { number: gift.receipt_number, kept: format.yen(kept) })
                  : t('confirmReceiptVoided', { number: gift.receipt_number })}
              </li>
            ) : null}
            <li>{kept > 0 ? t('confirmKept', { kept: format.yen(kept) }) : t('confirmAll')}</li>
            <li className="font-semibold">{t('confirmFinal')}</li>
          </ul>
          <p className="text-sm">
            <span className="text-muted">{t('reasonLabel')}: </span>
            <span className="whitespace-pre-wrap">{reason.trim()}</span>
          </p>
          {failure ? (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800" data-testid="refund-error">
              {failure.kind === 'refused' ? failure.text : t('errors.network')}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={sending === 'sending'}
              aria-disabled={sending === 'sending' ? true : undefined}
              className={buttonClasses({ size: 'sm', className: 'disabled:opacity-60' })}
              onClick={() => void send()}
              data-testid="refund-submit"
            >
              {sending === 'sending'
                ? t('sending')
                : failure?.kind === 'unknown'
                  ? t('sendAgain', { amount: format.yen(amount ?? 0) })
                  : t('submit', { amount: format.yen(amount ?? 0) })}
            </button>
            {/* Once a request may have gone out, editing would ask for a different refund under the same key. */}
            {!sent ? (
              <button
                type="button"
                disabled={sending === 'sending'}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                onClick={() => setStep('edit')}
              >
                {t('back')}
              </button>
            ) : null}
            <button
              type="button"
              disabled={sending === 'sending'}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              onClick={() => onClose(sent)}
            >
              {t('cancel')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
