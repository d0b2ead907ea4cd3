'use client';
// /dashboard/{uid}/gifts/{id} (ADR 060): one gift — its money, the supporter where they gave openly,
// their message and survey answers, the recurring support it belongs to, and its timeline. An
// anonymous gift says why its giver is not shown (spec §5). Members who may manage refund a paid
// gift here (ADR 064); everyone reads its refunds.
import type { api } from '@kifu/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@kifu/domain/enums';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { consoleApi } from './console-api';
import { consolePath, useConsoleCaller } from './console-shell';
import { GiftStatus, SupporterName, useGiftFormat } from './gift-labels';
import { RefundForm } from './refund-form';
import { RefundList, RefundOutcome } from './refund-list';
import { useConsoleLoad } from './use-console-load';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 border-t border-slate-100 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export function GiftPage({ donationId }: { donationId: number }) {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate, permissions } = useConsoleCaller();
  const format = useGiftFormat();
  const [gift, reload] = useConsoleLoad(
    () => consoleApi.gift(associate.uid, donationId, locale),
    `${associate.uid}:${donationId}:${locale}`,
  );
  // The gift last shown stays on the page while it loads again after a refund, so the form's
  // outcome in the live region (and the reader's place) is not swept away by a loading line.
  const [shown, setShown] = useState<api.ConsoleGiftDetail | null>(null);
  if (gift.state === 'loaded' && shown !== gift.value) setShown(gift.value);
  const [refunding, setRefunding] = useState(false);
  const [outcome, setOutcome] = useState<api.GiftRefund | null>(null);
  const refundButton = useRef<HTMLButtonElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) notice.current?.focus();
  }, [outcome]);
  const back = (
    <Link href={consolePath(associate.uid, 'gifts')} className="text-sm text-brand-700 underline underline-offset-2">
      {t('backToGifts')}
    </Link>
  );
  const reloading = gift.state === 'loading' && shown?.id === donationId;
  if (gift.state === 'loading' && !reloading) return <LoadingStatus testId="gift-loading">{t('loading')}</LoadingStatus>;
  if (gift.state === 'failed')
    return gift.status === 404 ? (
      <div className="flex flex-col gap-4" data-testid="gift-not-found">
        <p role="alert">{t('giftNotFound')}</p>
        {back}
      </div>
    ) : (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="gift-load-failed" />
    );
  const value = gift.state === 'loaded' ? gift.value : shown!;
  const open = !value.supporter.anonymous;
  const mayRefund = permissions.manage && value.refundable_amount > 0;

  function closeRefund(uncertain: boolean) {
    setRefunding(false);
    // A request whose answer was lost may have refunded: the gift as it now stands says.
    if (uncertain) reload();
    requestAnimationFrame(() => refundButton.current?.focus());
  }

  return (
    <article className="flex flex-col gap-6" data-testid="console-gift" aria-busy={reloading || undefined}>
      {back}
      <div ref={notice} tabIndex={-1} aria-live="polite" className="focus:outline-none" data-testid="refund-notice">
        {outcome ? <RefundOutcome refund={outcome} onReload={reload} /> : null}
      </div>
      <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold">
        {t('giftTitle', { id: value.id })} <GiftStatus status={value.status} />
      </h1>
      <section aria-labelledby="gift-details">
        <h2 id="gift-details" className="mb-2 text-lg font-bold">
          {t('details')}
        </h2>
        <dl>
          <Row label={t('columns.date')}>{format.dateTime(value.created_at)}</Row>
          <Row label={t('columns.amount')} testId="gift-amount">
            {format.yen(value.amount)}
            <span className="ml-2 text-sm text-muted">
              {t('columns.fee')} {format.yen(value.fee)} · {t('columns.net')} {format.yen(value.net)}
            </span>
            {value.refunded_amount > 0 ? (
              <span className="mt-1 block text-sm" data-testid="gift-refunded">
                {t('refund.amounts', {
                  refunded: format.yen(value.refunded_amount),
                  kept: format.yen(value.amount - value.refunded_amount),
                })}
              </span>
            ) : null}
          </Row>
          <Row label={t('columns.method')}>{t(`methods.${value.method}`)}</Row>
          <Row label={t('columns.kind')}>{t(`kinds.${value.kind}`)}</Row>
          {value.campaign ? <Row label={t('columns.campaign')}>{value.campaign.title}</Row> : null}
          {value.reward ? <Row label={t('columns.campaign')}>{value.reward.name}</Row> : null}
          {value.portfolio ? <Row label={t('columns.campaign')}>{t('portfolioPart', { name: value.portfolio.name })}</Row> : null}
          {value.receipt_number ? <Row label={t('columns.receipt')}>{value.receipt_number}</Row> : null}
          {value.recurring ? (
            <Row label={t('recurring')}>
              {t('recurringValue', {
                period: t(`kinds.${value.recurring.period}`),
                amount: format.yen(value.recurring.amount),
                status: t(`recurringStatuses.${value.recurring.status}`),
              })}
            </Row>
          ) : null}
          {value.failure_reason ? <Row label={t('failureReason')}>{value.failure_reason}</Row> : null}
        </dl>
      </section>
      <section aria-labelledby="gift-supporter">
        <h2 id="gift-supporter" className="mb-2 text-lg font-bold">
          {t('supporter')}
        </h2>
        <dl>
          <Row label={t('supporter')} testId="gift-supporter">
            <SupporterName supporter={value.supporter} />
            {open && value.supporter.name_kana ? <span className="ml-2 text-sm text-muted">{value.supporter.name_kana}</span> : null}
            <span className="ml-2 text-xs text-muted">{value.supporter.member ? t('member') : t('guest')}</span>
          </Row>
          {open ? (
            <>
              {value.supporter.email ? <Row label={t('email')}>{value.supporter.email}</Row> : null}
              {value.address ? <Row label={t('address')}>{value.address}</Row> : null}
              {value.phone ? <Row label={t('phone')}>{value.phone}</Row> : null}
              <Row label={t('newsletter')}>{value.newsletter ? t('yes') : t('no')}</Row>
            </>
          ) : (
            <p className="mt-2 rounded-xl bg-slate-50 p-3 text-sm" data-testid="gift-anonymous-note">
              {t('anonymousNote')}
            </p>
          )}
          {value.message ? (
            <Row label={t('message')} testId="gift-message">
              <p className="whitespace-pre-wrap">{value.message}</p>
            </Row>
          ) : null}
          {value.survey.length > 0 ? (
            <Row label={t('survey')}>
              <dl className="flex flex-col gap-1">
                {value.survey.map((answer, index) => (
                  <div key={index}>
                    <dt className="text-sm text-muted">{answer.question}</dt>
                    <dd>{answer.answer}</dd>
                  </div>
                ))}
              </dl>
            </Row>
          ) : null}
        </dl>
      </section>
      {mayRefund || value.refunds.length > 0 ? (
        <section aria-labelledby="gift-refunds" className="flex flex-col gap-3" data-testid="gift-refunds">
          <h2 id="gift-refunds" className="text-lg font-bold">
            {t('refund.title')}
          </h2>
          {mayRefund ? (
            <div className="flex flex-col gap-3">
              <div>
                <button
                  ref={refundButton}
                  type="button"
                  aria-expanded={refunding}
                  aria-controls={refunding ? 'refund-form' : undefined}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  onClick={() => {
                    setOutcome(null);
                    setRefunding((was) => !was);
                  }}
                  data-testid="refund-open"
                >
                  {t('refund.open')}
                </button>
                <span className="ml-3 text-sm text-muted">{t('refund.refundable', { amount: format.yen(value.refundable_amount) })}</span>
              </div>
              {refunding ? (
                <RefundForm
                  gift={value}
                  onClose={closeRefund}
                  onRefunded={(refund) => {
                    setRefunding(false);
                    setOutcome(refund);
                    reload();
                  }}
                />
              ) : null}
            </div>
          ) : null}
          <RefundList refunds={value.refunds} />
        </section>
      ) : null}
      <section aria-labelledby="gift-timeline">
        <h2 id="gift-timeline" className="mb-2 text-lg font-bold">
          {t('timeline')}
        </h2>
        <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4" data-testid="gift-timeline">
          {value.timeline.map((entry, index) => (
            <li key={index} data-event={entry.event}>
              <span className="font-semibold">{t(`events.${entry.event}`)}</span>
              <span className="ml-2 text-sm text-muted">{format.dateTime(entry.at)}</span>
              {entry.detail ? (
                <span className="ml-2 text-sm">{entry.event === 'refunded' ? format.yen(Number(entry.detail)) : entry.detail}</span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
