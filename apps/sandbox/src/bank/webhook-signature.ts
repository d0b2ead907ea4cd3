// The bank's webhook signature, Stripe-style: `X-Bank-Signature: t=<unix seconds>,v1=<hex>` where
// the hex is HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret. Signing the timestamp
// with the body lets the receiver refuse replays (apps/api/src/providers/bank/webhook-signature.ts
// verifies the same way; providers.md "Reliability rules": verify on the raw body).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const BANK_SIGNATURE_HEADER = 'X-Bank-Signature';
export const BANK_EVENT_ID_HEADER = 'X-Bank-Event-Id';
/** How old a signature may be before verifyBankWebhook refuses it. */
export const BANK_SIGNATURE_TOLERANCE_S = 5 * 60;

export function computeBankSignature(body: string, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The X-Bank-Signature header value for `body` signed at `timestamp` (unix seconds). */
export function signBankWebhook(body: string, timestamp: number, secret: string): string {
  return `t=${timestamp},v1=${computeBankSignature(body, timestamp, secret)}`;
}

export interface ParsedBankSignature {
  timestamp: number;
  /** Every v1 value: during a secret rotation the bank may send one per secret. */
  signatures: string[];
}

export function parseBankSignature(header: string | undefined): ParsedBankSignature | undefined {
  if (!header) return undefined;
  const parts = header.split(',').map((part) => part.trim().split('=') as [string, string?]);
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  const signatures = parts.filter(([name, value]) => name === 'v1' && value).map(([, value]) => value!);
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return undefined;
  return { timestamp: Number(timestamp), signatures };
}

export function verifyBankWebhook(
  body: string,
  header: string | undefined,
  secret: string,
  { nowS = Math.floor(Date.now() / 1000), toleranceS = BANK_SIGNATURE_TOLERANCE_S } = {},
): boolean {
  const parsed = parseBankSignature(header);
  if (!parsed || Math.abs(nowS - parsed.timestamp) > toleranceS) return false;
  const expected = Buffer.from(computeBankSignature(body, parsed.timestamp, secret), 'hex');
  return parsed.signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
