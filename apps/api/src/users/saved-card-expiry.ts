// The saved card's expiry for the donation form's "use your saved card" choice (spec §3 "Card";
// the brief asks for brand, last 4 and expiry). Only the provider knows it: the card row keeps
// brand, last digits and holder (PCI DSS scope, architecture.md §1). A provider that fails or
// whose default card is no longer the saved one gives no expiry rather than failing /user/me/.
import type { FastifyBaseLogger } from 'fastify';
import type { CardGateway } from '../providers/card/card-gateway';
import { ProviderError } from '../providers/provider-error';
import type { CurrentUser } from './current-user-schema';

type SavedCardView = NonNullable<CurrentUser['userCreditCard']>;

export async function withSavedCardExpiry(gateway: CardGateway, card: SavedCardView, log: FastifyBaseLogger): Promise<SavedCardView> {
  try {
    const { defaultCard } = await gateway.retrieveCustomer(card.customer_code);
    if (!defaultCard || defaultCard.lastDigits !== card.last_digits) return card;
    return { ...card, expiration_month: defaultCard.expirationMonth, expiration_year: defaultCard.expirationYear };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.warn({ provider: error.provider, code: error.code }, 'saved card expiry unavailable');
    return card;
  }
}
