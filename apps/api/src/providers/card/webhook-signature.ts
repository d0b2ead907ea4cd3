// Omise webhook signatures: `Omise-Signature-Timestamp` (unix seconds) and `Omise-Signature`
// (comma-separated hex HMAC-SHA256 of "<timestamp>.<raw body>"; several during a secret rotation),
// keyed with the base64-decoded webhook secret (or, during our own rotation, any of the accepted ones).
import type { IncomingHttpHeaders } from 'node:http';
import { verifyTimestampedHmac } from '../signed-webhook';

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function verifyCardWebhook(rawBody: string, headers: IncomingHttpHeaders, secretsBase64: readonly string[], nowS?: number): boolean {
  const signatures = (header(headers, 'omise-signature') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return verifyTimestampedHmac({
    keys: secretsBase64.map((secret) => Buffer.from(secret, 'base64')),
    timestamp: header(headers, 'omise-signature-timestamp'),
    signatures,
    rawBody,
    nowS,
  });
}
