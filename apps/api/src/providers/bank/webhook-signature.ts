// Bank webhook signatures: `X-Bank-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>">` keyed with the webhook secret, or any of the accepted ones during a rotation (the
// sandbox bank's protocol, apps/sandbox/src/bank).
import type { IncomingHttpHeaders } from 'node:http';
import { verifyTimestampedHmac } from '../signed-webhook';

export function verifyBankWebhook(rawBody: string, headers: IncomingHttpHeaders, secrets: readonly string[], nowS?: number): boolean {
  const raw = headers['x-bank-signature'];
  const parts = ((Array.isArray(raw) ? raw[0] : raw) ?? '').split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  return verifyTimestampedHmac({ keys: secrets, timestamp, signatures, rawBody, nowS });
}
