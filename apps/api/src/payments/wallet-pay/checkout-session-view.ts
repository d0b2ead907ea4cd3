// The checkout session as our pages may see it: state, the buyer's name and email, the billing
// address, the amount and the expiry. The provider's other buyer data (phone, ids, payment
// descriptors) never leaves the API.
import type { WalletCheckoutSession } from '../../providers/wallet/wallet-gateway';
import type { CheckoutSessionView } from './wallet-pay-schemas';

export function checkoutSessionView(session: WalletCheckoutSession): CheckoutSessionView {
  const address = session.billingAddress;
  return {
    id: session.id,
    state: session.state,
    reason_code: session.reasonCode,
    buyer: session.buyer ? { name: session.buyer.name, email: session.buyer.email } : null,
    billing_address: address
      ? {
          name: address.name,
          postal_code: address.postalCode,
          state_or_region: address.stateOrRegion,
          city: address.city,
          address_line1: address.addressLine1,
          address_line2: address.addressLine2,
          address_line3: address.addressLine3,
          country_code: address.countryCode,
        }
      : null,
    amount: session.amount,
    expires_at: session.expiresAt.toISOString(),
  };
}
