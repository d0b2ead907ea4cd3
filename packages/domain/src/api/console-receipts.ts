// The console's receipts (ADR 066): every tax receipt an associate issued, current or voided, and
// the reissue of one with a corrected name or address — the old one voided, a new number.
import { z } from 'zod';
import { addressSchema } from '../schemas/address';
import { requiredTextField, textField } from '../schemas/fields';
import { isUsableText, UNUSABLE_TEXT_RULE } from '../schemas/usable-text';
import { associateUidParams } from './associate';
import { langQuery, pageQuery, paginated, rowIdParam } from './common';

export const ISSUED_RECEIPT_STATES = ['current', 'voided'] as const;
export type IssuedReceiptState = (typeof ISSUED_RECEIPT_STATES)[number];

/** GET /associate/{uid}/console/receipts/: by year (the year the money arrived), state, and a number or name. */
export const consoleReceiptsQuery = langQuery.extend(pageQuery.shape).extend({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  state: z.enum(ISSUED_RECEIPT_STATES).optional(),
  q: z.string().trim().max(100).refine(isUsableText, UNUSABLE_TEXT_RULE).optional(),
});
export type ConsoleReceiptsQuery = z.infer<typeof consoleReceiptsQuery>;

export const consoleReceipt = z.object({
  id: z.number().int(),
  number: z.string(),
  /** One gift's receipt, or a supporter's gifts of a year together (合算). */
  kind: z.enum(['gift', 'combined']),
  year: z.number().int(),
  issued_at: z.string(),
  amount: z.number().int(),
  name: z.string(),
  address: z.string(),
  gift_ids: z.array(z.number().int()),
  state: z.enum(ISSUED_RECEIPT_STATES),
  /** When it was voided: by a refund, a reissue, or a combined receipt made again. */
  voided_at: z.string().nullable(),
  /** How often the supporter was handed it. */
  issue_count: z.number().int(),
});
export type ConsoleReceipt = z.infer<typeof consoleReceipt>;

export const consoleReceipts = paginated(consoleReceipt).extend({
  /** The years with receipts, newest first, for the year filter. */
  years: z.array(z.number().int()),
});
export type ConsoleReceipts = z.infer<typeof consoleReceipts>;

export const consoleReceiptParams = associateUidParams.extend({ receiptId: rowIdParam });

const text = (max: number) => textField(max).refine(isUsableText, UNUSABLE_TEXT_RULE);
const requiredText = (max: number) => requiredTextField(max).refine(isUsableText, UNUSABLE_TEXT_RULE);

/**
 * POST …/receipts/{id}/reissue/: the name and address the receipt should carry. A corporate
 * donor's name is its last name alone. The reason is kept in the audit log.
 */
export const reissueReceiptBody = z.object({
  last_name: requiredText(256),
  first_name: text(256),
  address: addressSchema,
  reason: requiredText(500),
});
export type ReissueReceiptBody = z.infer<typeof reissueReceiptBody>;
export type ReissueReceiptInput = z.input<typeof reissueReceiptBody>;
