// Spec §4 "Card path for a guest", without a password: the single-use card token and the entered
// email become an anonymous customer at the gateway; the client sends its id with the donation.
// Nothing is stored here: the customer belongs to no account.
import type { CardGateway } from '../../providers/card/card-gateway';

export const GUEST_CUSTOMER_DESCRIPTION = 'Kifu guest supporter';

export async function createGuestCustomer(gateway: CardGateway, input: { token: string; email: string }): Promise<{ customerId: string }> {
  const card = await gateway.createCustomer({ email: input.email, token: input.token, description: GUEST_CUSTOMER_DESCRIPTION });
  return { customerId: card.customerId };
}
