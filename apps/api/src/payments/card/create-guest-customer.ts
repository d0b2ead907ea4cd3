// Spec §4 "Card path for a guest", without a password: the single-use card token and the entered
// email become an anonymous customer at the gateway; the client sends its id and the handle bound
// to it (guest-customer-handle.ts) with the donation. Nothing is stored here: the customer belongs
// to no account, and only the holder of the handle may charge it.
import type { CardGateway } from '../../providers/card/card-gateway';
import { issueGuestCustomerHandle } from './guest-customer-handle';

export const GUEST_CUSTOMER_DESCRIPTION = 'Kifu guest supporter';

export async function createGuestCustomer(
  gateway: CardGateway,
  cardSecretKey: string,
  input: { token: string; email: string },
): Promise<{ customerId: string; customerHandle: string }> {
  const card = await gateway.createCustomer({ email: input.email, token: input.token, description: GUEST_CUSTOMER_DESCRIPTION });
  return {
    customerId: card.customerId,
    customerHandle: issueGuestCustomerHandle(cardSecretKey, { customerId: card.customerId, email: input.email }),
  };
}
