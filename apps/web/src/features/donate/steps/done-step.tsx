'use client';
// The Done screen (spec §2 "Completion screen"): a title for bank transfer, membership or a general gift, the
// virtual account to transfer to or else the amount and method given, the message to the associate or campaign (done-message.tsx), the
// note about the confirmation email and a share prompt. From 20 December (in Japan) a bank transfer
// may arrive in the next year, so the account details are followed by a note on which year it counts in.
import { japanDateOf } from '@kifu/domain/calendar';
import { localise } from '@kifu/domain/catalogue/message';
import { LATE_TRANSFER_YEAR_NOTE } from '@kifu/domain/catalogue/tax-texts';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { isLateDecemberInJapan } from '@kifu/domain/tax-deduction';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import type { DonateTarget } from '../donate-target';
import type { Contribution } from '../form/persisted-form-store';
import { DoneMessage } from './done-message';

function DetailRow({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 border-b border-slate-100 py-2.5 last:border-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-bold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** "2030-01-31" (or a timestamp) as a date in Japan, in the page's language. */
function useExpiryText(expiration: string): string {
  const format = useFormatter();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(expiration) ? new Date(`${expiration}T00:00:00+09:00`) : new Date(expiration);
  if (Number.isNaN(date.getTime())) return expiration;
  return format.dateTime(date, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short', timeZone: 'Asia/Tokyo' });
}

function BankAccount({ contribution }: { contribution: Contribution & { virtualAccount: NonNullable<Contribution['virtualAccount']> } }) {
  const t = useTranslations('donate.done');
  const locale = useLocale() as Locale;
  const account = contribution.virtualAccount;
  const expiry = useExpiryText(account.expiration_date);
  return (
    <section className="rounded-2xl border-2 border-brand-200 bg-white p-4 md:p-6" data-testid="bank-account">
      <h2 className="mb-2 text-lg font-bold">{t('account')}</h2>
      <dl>
        <DetailRow label={t('bankName')} testId="bank-name">
          {account.bank_name}
        </DetailRow>
        <DetailRow label={t('branchName')} testId="bank-branch">
          {account.branch_name}
        </DetailRow>
        <DetailRow label={t('accountType')} testId="bank-account-type">
          {t(`accountTypes.${account.account_type}`)}
        </DetailRow>
        <DetailRow label={t('accountNumber')} testId="bank-account-number">
          <span className="font-mono text-lg tracking-wider">{account.account_number}</span>
        </DetailRow>
        <DetailRow label={t('accountHolder')} testId="bank-account-holder">
          {account.account_holder}
        </DetailRow>
        <DetailRow label={t('transferAmount')} testId="bank-amount">
          {formatYenAmount(account.amount, locale)}
        </DetailRow>
        <DetailRow label={t('expiry')} testId="bank-expiry">
          {expiry}
        </DetailRow>
      </dl>
      <p className="mt-3 text-xs leading-relaxed text-muted">{t('lateTransfer')}</p>
    </section>
  );
}

/** Late December in Japan: a transfer arriving after New Year counts as a gift of the next year (tax relief). */
function LateTransferYearNote({ now }: { now: Date }) {
  const locale = useLocale() as Locale;
  if (!isLateDecemberInJapan(now)) return null;
  const { year } = japanDateOf(now);
  return (
    <p
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-900"
      role="note"
      data-testid="late-transfer-year-note"
    >
      {localise(LATE_TRANSFER_YEAR_NOTE, locale, { year, nextYear: year + 1 })}
    </p>
  );
}

function SharePrompt({ target, url }: { target: DonateTarget; url: string }) {
  const t = useTranslations('donate.done');
  const [copied, setCopied] = useState(false);
  const name = target.campaign?.title ?? target.associate.name;
  const text = t('shareText', { name });
  const xUrl = `https://x.com/intent/post?${new URLSearchParams({ text, url })}`;
  const facebookUrl = `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;
  return (
    <section className="rounded-2xl bg-slate-50 p-4 text-center md:p-6" data-testid="share-prompt">
      <p className="font-semibold">{t('share')}</p>
      <div className="mt-4 flex flex-col justify-center gap-2 sm:flex-row">
        <a href={xUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary' })}>
          {t('shareX')}
        </a>
        <a href={facebookUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary' })}>
          {t('shareFacebook')}
        </a>
        <button
          type="button"
          className={buttonClasses({ variant: 'ghost' })}
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => undefined,
            );
          }}
        >
          {copied ? t('copied') : t('copyLink')}
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? t('copied') : ''}
      </p>
    </section>
  );
}

/** What was given and how: the amount paid (per month or year for recurring support) and the method. */
function GiftSummary({ contribution }: { contribution: Contribution }) {
  const t = useTranslations('donate');
  const locale = useLocale() as Locale;
  const amount = formatYenAmount(contribution.amount, locale);
  const amountText =
    contribution.frequency === 'monthly'
      ? t('amount.perMonth', { amount })
      : contribution.frequency === 'annual'
        ? t('membership.perYear', { amount })
        : amount;
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white px-4 py-2 md:px-6"
      aria-label={t('done.summary')}
      data-testid="done-summary"
    >
      <dl>
        <DetailRow label={t('done.summaryAmount')} testId="done-amount">
          {amountText}
        </DetailRow>
        <DetailRow label={t('done.summaryMethod')} testId="done-method">
          {t(`amount.methods.${contribution.paymentMethod}`)}
        </DetailRow>
      </dl>
    </section>
  );
}

export function DoneStep({
  target,
  contribution,
  shareUrl,
  onGiveAgain,
  onMessageSent,
  now = new Date(),
}: {
  target: DonateTarget;
  contribution: Contribution;
  shareUrl: string;
  onGiveAgain: () => void;
  onMessageSent: (messageId: number) => void;
  /** The moment the screen is shown (tests fix it): decides the late-December note. */
  now?: Date;
}) {
  const t = useTranslations('donate.done');
  const locale = useLocale() as Locale;
  const name = target.campaign?.title ?? target.associate.name;
  // A campaign's title is often a clause ('…を新しくしたい'): quoted, the sentence around it still reads.
  const nameInSentence = target.campaign ? t('campaignName', { title: target.campaign.title }) : name;
  const account = contribution.virtualAccount;
  const isBankTransfer = contribution.paymentMethod === 'bankTransfer' && account !== null;

  return (
    <div className="flex flex-col gap-5" data-testid="donate-done">
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-600">
          <svg
            viewBox="0 0 24 24"
            className="size-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            {isBankTransfer ? <path d="M3 10l9-6 9 6M5 10v8M19 10v8M9 10v8M15 10v8M3 20h18" /> : <path d="M5 12l5 5L20 7" />}
          </svg>
        </span>
        <h2 className="text-2xl font-bold md:text-3xl" data-testid="done-title">
          {isBankTransfer ? t('titleBankTransfer') : contribution.frequency === 'annual' ? t('titleMembership') : t('title')}
        </h2>
        <p className="max-w-prose leading-relaxed text-muted" data-testid="done-lead">
          {isBankTransfer
            ? t('leadBankTransfer', { amount: formatYenAmount(account.amount, locale) })
            : contribution.frequency === 'monthly'
              ? t('leadMonthly', { name: nameInSentence })
              : contribution.frequency === 'annual'
                ? t('leadMembership', { name: nameInSentence })
                : t('lead', { name: nameInSentence })}
        </p>
      </div>
      {isBankTransfer ? (
        <>
          <BankAccount contribution={{ ...contribution, virtualAccount: account }} />
          <LateTransferYearNote now={now} />
        </>
      ) : (
        <GiftSummary contribution={contribution} />
      )}
      {/* The API refuses messages on portfolio gifts (ADR 010). */}
      {target.portfolio ? null : <DoneMessage recipient={name} contribution={contribution} onSent={onMessageSent} />}
      <p className="rounded-xl border border-slate-200 px-4 py-3 text-sm leading-relaxed" data-testid="done-email-note">
        {t('emailNote', { email: contribution.email })}
      </p>
      <SharePrompt target={target} url={shareUrl} />
      <div className="flex justify-center">
        <button type="button" onClick={onGiveAgain} className={buttonClasses({ variant: 'secondary' })}>
          {t('giveAgain')}
        </button>
      </div>
    </div>
  );
}
