// What the saved-card pages show, without any state: the saved card (brand, •••• last 4, holder,
// expiry — or that it has expired or could not be checked), or that there is none; and the
// recurring support the card pays for (count-card-active), by organisation or portfolio name.
import type { CardRecurringDonationsResponse } from '@kifu/domain/api/user-card';
import { savedCardExpiry } from '@kifu/domain/schemas/card';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { SavedCard } from './saved-card-api';

/** "12/2030"-style parts of the expiry: two-digit month, four-digit year. */
export function expiryParts(card: Pick<SavedCard, 'expiration_month' | 'expiration_year'>): { month: string; year: string } | null {
  if (card.expiration_month == null || card.expiration_year == null) return null;
  return { month: String(card.expiration_month).padStart(2, '0'), year: String(card.expiration_year) };
}

export function SavedCardSummary({ card, now }: { card: SavedCard | null; now: Date }) {
  const t = useTranslations('savedCard');
  if (!card) {
    return (
      <div className="rounded-2xl bg-slate-50 p-5" data-testid="saved-card-none">
        <p className="font-semibold">{t('none')}</p>
        <p className="mt-1 text-sm text-muted">{t('noneHint')}</p>
      </div>
    );
  }
  const expiry = expiryParts(card);
  const state = savedCardExpiry({ month: card.expiration_month, year: card.expiration_year }, now);
  return (
    <div className="rounded-2xl border border-slate-200 p-5" data-testid="saved-card">
      <p className="text-sm text-muted">{t('current')}</p>
      <p className="mt-1 text-xl font-bold tracking-wide" data-testid="saved-card-number">
        {t('card', { brand: card.brand, digits: card.last_digits })}
      </p>
      {card.name ? (
        <p className="mt-1 text-sm" data-testid="saved-card-holder">
          {t('holder', { name: card.name })}
        </p>
      ) : null}
      {expiry ? (
        <p className="mt-1 text-sm" data-testid="saved-card-expiry">
          {t('expiry', expiry)}
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted" data-testid="saved-card-expiry-unknown">
          {t('expiryUnknown')}
        </p>
      )}
      {state === 'expired' ? (
        <p className="mt-3 rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800" data-testid="saved-card-expired">
          {t('expired')}
        </p>
      ) : null}
    </div>
  );
}

/** The supports the card pays for; `failure` when count-card-active could not be read. */
export function CardRecurringSummary({ recurring, failure }: { recurring: CardRecurringDonationsResponse | null; failure: string | null }) {
  const t = useTranslations('savedCard');
  if (failure) {
    return (
      <p role="alert" className="text-sm text-red-700" data-testid="saved-card-recurring-error">
        {failure}
      </p>
    );
  }
  if (!recurring) return null;
  if (recurring.recurring_donations.length === 0) {
    return (
      <p className="text-sm text-muted" data-testid="saved-card-recurring-none">
        {t('recurringNone')}
      </p>
    );
  }
  return (
    <div data-testid="saved-card-recurring">
      <p className="text-sm font-semibold" data-testid="saved-card-recurring-count">
        {t('recurringSome', { count: recurring.recurring_donations.length })}
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {recurring.recurring_donations.map((item) => (
          <li key={item.id} data-testid="saved-card-recurring-item">
            {item.associate_name || item.portfolio_name}
          </li>
        ))}
      </ul>
      <Link
        href="/mypage/recurring-support"
        className="mt-2 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        {t('recurringLink')}
      </Link>
    </div>
  );
}
