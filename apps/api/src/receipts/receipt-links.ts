// Receipt links for guests (ADR 033): a guest has no account, so the thank-you mail carries a link
// signed with RECEIPT_LINK_SECRET that opens one gift's receipt until it expires. The signature
// covers the donation id and the expiry, so neither can be changed; it is compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough for the next tax return and an amended one. */
export const RECEIPT_LINK_VALID_DAYS = 730;

export interface ReceiptLink {
  /** Unix seconds. */
  expires: number;
  signature: string;
}

function signatureOf(secret: string, donationId: number, expires: number): string {
  return createHmac('sha256', secret).update(`receipt:${donationId}:${expires}`).digest('base64url');
}

export function signReceiptLink(secret: string, donationId: number, now = new Date()): ReceiptLink {
  const expires = Math.floor(now.getTime() / 1000) + RECEIPT_LINK_VALID_DAYS * 86_400;
  return { expires, signature: signatureOf(secret, donationId, expires) };
}

export function isValidReceiptLink(secret: string, donationId: number, link: ReceiptLink, now = new Date()): boolean {
  if (link.expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signatureOf(secret, donationId, link.expires));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
