'use client';
// The card part of the Info step: a signed-in supporter with a saved card chooses it (brand,
// •••• last 4, expiry; spec §5 "card": a saved one unless card input is required) or a new card;
// everyone else enters a card.
import { useTranslations } from 'next-intl';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CardBlock } from './card-block';
import { ChoiceCard, Fieldset } from './form-controls';
import type { DonateFormValues } from './form-values';
import type { SavedCardView } from './signed-in-supporter';
import { useSignedInSupporter } from './supporter-context';

function SavedCardLabel({ card }: { card: SavedCardView }) {
  const t = useTranslations('donate.info');
  const expiry =
    card.expirationMonth !== null && card.expirationYear !== null ? t('savedCardExpiry', { month: String(card.expirationMonth).padStart(2, '0'), year: String(card.expirationYear) }) : null;
  return (
    <span data-testid="saved-card">
      {t('savedCard', { brand: card.brand, digits: card.lastDigits })}
      {expiry ? <span className="ml-2 text-sm font-normal text-muted">{expiry}</span> : null}
    </span>
  );
}

export function CardChoice() {
  const t = useTranslations('donate.info');
  const supporter = useSignedInSupporter();
  const { control } = useFormContext<DonateFormValues>();
  const useSavedCard = useWatch({ control, name: 'useSavedCard' });
  const savedCard = supporter?.savedCard;
  if (!savedCard) return <CardBlock />;
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
              <ChoiceCard id="donate-card-new" name={field.name} value="new" checked={!field.value} onChange={() => field.onChange(false)} onBlur={field.onBlur} label={t('useNewCard')} />
            </div>
          </Fieldset>
        )}
      />
      {useSavedCard ? null : <CardBlock />}
    </div>
  );
}
