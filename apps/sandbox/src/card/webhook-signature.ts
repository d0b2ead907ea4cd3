// Omise's webhook signature (https://docs.opn.ooo/api-webhooks#webhook-signature): the merchant's
// webhook secret is handed out base64-encoded; the HMAC-SHA256 key is its decoded bytes; the signed
// message is "<Omise-Signature-Timestamp>.<raw request body>"; the signature is lowercase hex.
// Exported so the API's tests can sign a webhook exactly as this sandbox (and Omise) does.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'Omise-Signature';
export const TIMESTAMP_HEADER = 'Omise-Signature-Timestamp';

export function signCardWebhook(body: string, timestamp: number | string, secretBase64: string): string {
  return createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(`${timestamp}.${body}`).digest('hex');
}

/** The headers of one delivery; `timestamp` is in Unix seconds. */
export function cardWebhookHeaders(body: string, timestamp: number, secretBase64: string): Record<string, string> {
  return { [SIGNATURE_HEADER]: signCardWebhook(body, timestamp, secretBase64), [TIMESTAMP_HEADER]: String(timestamp) };
}
