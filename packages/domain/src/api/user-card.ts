// The signed-in supporter's saved card on the wire (spec §3 "Card", §4 donation flow step 4, §7
// "Update credit card", "Fetch active recurring donations for the card"). Never card data: the
// provider's customer code, brand, last digits, holder and expiry only.
import { z } from 'zod';

/** POST /payment/credit (the API checks the token's shape itself). */
export interface UserCardRequest {
  /** The vault token (tokn_…). */
  token: string;
  /**
   * Whether the recurring support charging the saved card moves to this card (the card-switch
   * dialog's answer, spec §2). true (the default): the card becomes the default card of the user's
   * provider customer, which every schedule of that customer charges. false: the card is saved on a
   * new customer of its own, and the recurring support keeps charging the previous card.
   */
  move_recurring?: boolean;
}

/** One active recurring support on the saved card (the dialog shows associate and supporter names). */
export const cardRecurringDonation = z.object({
  id: z.number().int(),
  /** The associate's name in the requested language; '' for a portfolio gift. */
  associate_name: z.string(),
  /** The portfolio's name for a portfolio gift, otherwise ''. */
  portfolio_name: z.string(),
  /** The supporter's name as given for this support (last name, first name). */
  recurring_donation_name: z.string(),
});
export type CardRecurringDonation = z.infer<typeof cardRecurringDonation>;

/** GET /donation/recurring/my_donation/count-card-active/ */
export const cardRecurringDonationsResponse = z.object({
  count: z.number().int(),
  /** The saved card they charge; null when the user has none (and then the list is empty). */
  card: z.object({ brand: z.string(), last_digits: z.string() }).nullable(),
  recurring_donations: z.array(cardRecurringDonation),
});
export type CardRecurringDonationsResponse = z.infer<typeof cardRecurringDonationsResponse>;
