// Shared check for providers that sign webhooks as HMAC-SHA256 over "<timestamp>.<raw body>":
// constant-time comparison, and a timestamp window so a captured delivery cannot be replayed later.
// While a webhook secret is rotated, the previous secret is accepted beside the current one
// (`*_WEBHOOK_SECRET_PREVIOUS`, docs/operations.md, ADR 051).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_TOLERANCE_S = 5 * 60;

export function hmacHex(key: Buffer | string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The secrets a delivery may be signed with: the current one, and the previous one while it is set. */
export function acceptedSecrets(current: string, previous: string | undefined): string[] {
  return previous === undefined || previous === current ? [current] : [current, previous];
}

export function verifyTimestampedHmac(options: {
  /** One key per accepted secret (acceptedSecrets); a signature made with any of them passes. */
  keys: readonly (Buffer | string)[];
  timestamp: string | undefined;
  signatures: readonly string[];
  rawBody: string;
  nowS?: number;
}): boolean {
  const { keys, timestamp, signatures, rawBody } = options;
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  const nowS = options.nowS ?? Math.floor(Date.now() / 1000);
  if (Math.abs(nowS - Number(timestamp)) > SIGNATURE_TOLERANCE_S) return false;
  return keys.some((key) => {
    const expected = Buffer.from(hmacHex(key, timestamp, rawBody), 'hex');
    return signatures.some((signature) => {
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  });
}
