'use client';
// The card part of the Info step: a signed-in supporter with a saved card chooses it (brand,
// •••• last 4, expiry; spec §5 "card": a saved one unless card input is required) or a new card;
// everyone else enters a card. An expired saved card is not offered: a short note says why and a new
// card is entered; one whose expiry the provider could not tell is offered with a note (decision 013).
import { useTranslations } from 'next-intl';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CardBlock } from './card-block';
import { ChoiceCard, Fieldset } from '../form/form-controls';
import type { DonateFormValues } from '../form/field-values';
import { offeredSavedCard, type SavedCardView } from '../supporter/signed-in-supporter';
import { useSignedInSupporter } from '../supporter/supporter-context';

const twoDigits = (month: number) => String(month).padStart(2, '0');

function SavedCardLabel({ card }: { card: SavedCardView }) {
  const t = useTranslations('donate.info');
  const expiry =
    card.expirationMonth !== null && card.expirationYear !== null
      ? t('savedCardExpiry', { month: twoDigits(card.expirationMonth), year: String(card.expirationYear) })
      : null;
  return (
    <span data-testid="saved-card">
      {t('savedCard', { brand: card.brand, digits: card.lastDigits })}
      {expiry ? <span className="ml-2 text-sm font-normal text-muted">{expiry}</span> : null}
      {card.expiry === 'unknown' ? (
        <span className="mt-1 block text-sm font-normal text-muted" data-testid="saved-card-expiry-unknown">
          {t('savedCardExpiryUnknown')}
        </span>
      ) : null}
    </span>
  );
}

/** Why the saved card is not offered: its expiry has passed (decision 013). */
function ExpiredCardNote({ card }: { card: SavedCardView }) {
  const t = useTranslations('donate.info');
  return (
    <p
      role="note"
      className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm leading-relaxed text-amber-900"
      data-testid="saved-card-expired"
    >
      {t('savedCardExpired', {
        brand: card.brand,
        digits: card.lastDigits,
        month: twoDigits(card.expirationMonth ?? 0),
        year: String(card.expirationYear ?? ''),
      })}
    </p>
  );
}

export function CardChoice() {
  const t = useTranslations('donate.info');
  const supporter = useSignedInSupporter();
  const { control } = useFormContext<DonateFormValues>();
  const useSavedCard = useWatch({ control, name: 'useSavedCard' });
  const savedCard = offeredSavedCard(supporter);
  if (!savedCard) {
    const expired = supporter?.savedCard?.expiry === 'expired' ? supporter.savedCard : null;
    return expired ? (
      <div className="flex flex-col gap-4">
        <ExpiredCardNote card={expired} />
        <CardBlock />
      </div>
    ) : (
      <CardBlock />
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <Controller
        control={control}
        name="useSavedCard"
        render={({ field }) => (
          <Fieldset legend={t('savedCardChoice')} id="donate-card-choice">
            <div className="grid gap-2">
              <ChoiceCard
                id="donate-card-saved"
                name={field.name}
                value="saved"
                checked={field.value}
                onChange={() => field.onChange(true)}
                onBlur={field.onBlur}
                label={t('useSavedCard')}
                description={<SavedCardLabel card={savedCard} />}
              />
              <ChoiceCard
                id="donate-card-new"
                name={field.name}
                value="new"
                checked={!field.value}
                onChange={() => field.onChange(false)}
                onBlur={field.onBlur}
                label={t('useNewCard')}
              />
            </div>
          </Fieldset>
        )}
      />
      {useSavedCard ? null : <CardBlock />}
    </div>
  );
}
