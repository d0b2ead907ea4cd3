// Retrieve, then settle: the one way a card donation changes state, whoever noticed first — the
// webhook job, the reconciliation job, or the supporter's status poll after 3-D Secure.
import type { Database } from '../../db/client';
import type { CardGateway } from '../../providers/card/card-gateway';
import { settleCardCharge, type CardSettlement, type SettleOptions } from './card-payment-state';

export interface CardPaymentDeps {
  db: Database;
  gateway: CardGateway;
  afterSettle?: SettleOptions['afterSettle'];
}

/** Rejects with the gateway's ProviderError when the charge cannot be retrieved. */
export async function refreshCardCharge({ db, gateway, afterSettle }: CardPaymentDeps, chargeId: string): Promise<CardSettlement> {
  const charge = await gateway.retrieveCharge(chargeId);
  return settleCardCharge(db, charge, { afterSettle });
}
