// Wire contract of the completion screen's message (spec §2 "a message to the campaign (default
// text, a hide-name option, send or update)", §3 "Donation message", §7 /donation/donation-message/
// and /donation/donation-message/{id}/). Written by the donation's signed-in user or by a guest
// with the donation's status token (`?donation_token=`, as the status call). POST on a donation
// that already has its message updates that message (one per donation; ADR 010).
import { z } from 'zod';
import { DONATION_MESSAGE_MAX_LENGTH, DONATION_MESSAGE_NAME_MAX_LENGTH } from '../constants';
import { requiredTextField, textField } from '../schemas/fields';
import { rowId } from './common';

export const donationMessageText = requiredTextField(DONATION_MESSAGE_MAX_LENGTH);

/** POST /donation/donation-message/. */
export const donationMessageCreate = z.object({
  donation_id: rowId,
  message: donationMessageText,
  /** false hides the name wherever the message is shown (an anonymous gift is always hidden). */
  is_name_public: z.boolean().default(true),
  /** The name shown with the message; the donor's name when left empty. */
  published_from: textField(DONATION_MESSAGE_NAME_MAX_LENGTH).default(''),
});
export type DonationMessageCreate = z.input<typeof donationMessageCreate>;

/** PATCH /donation/donation-message/{id}/: any of the fields. */
export const donationMessageUpdate = z.object({
  message: donationMessageText.optional(),
  is_name_public: z.boolean().optional(),
  published_from: textField(DONATION_MESSAGE_NAME_MAX_LENGTH).optional(),
});
export type DonationMessageUpdate = z.input<typeof donationMessageUpdate>;

/** What its writer reads back (the public campaign page shows `name` only when public). */
export const donationMessageView = z.object({
  id: z.number().int(),
  donation_id: z.number().int(),
  associate_id: z.number().int(),
  campaign_id: z.number().int().nullable(),
  message: z.string(),
  is_name_public: z.boolean(),
  published_from: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DonationMessageView = z.infer<typeof donationMessageView>;
