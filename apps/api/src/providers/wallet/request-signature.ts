// Amazon Pay's request and button signatures (AMZN-PAY-RSASSA-PSS-V2), written here because the
// official SDK cannot target a plain-HTTP host (ADR 006). Same steps as the SDK's signHeaders and
// signPayload (@amazonpay/amazon-pay-api-sdk-nodejs src/clientHelper.js;
// https://developer.amazon.com/docs/amazon-pay-api-v2/signing-requests.html):
//
//   CanonicalRequest = METHOD \n Path \n CanonicalQuery \n (lowercase(name):value \n)* \n SignedHeaders \n hex(sha256(body))
//   StringToSign     = ALGORITHM \n hex(sha256(CanonicalRequest))
//   Signature        = base64(RSASSA-PSS(SHA-256, salt 32 bytes)(StringToSign))
//
// A button is signed over ALGORITHM \n hex(sha256(payloadJSON)).
import { constants, createHash, sign, type KeyObject } from 'node:crypto';

export const WALLET_SIGNATURE_ALGORITHM = 'AMZN-PAY-RSASSA-PSS-V2';
/** RSASSA-PSS salt length of the V2 algorithm (the older AMZN-PAY-RSASSA-PSS used 20). */
const SALT_LENGTH = 32;

function sha256Hex(data: string): string {
  return createHash('sha256').update(data, 'utf8').digest('hex');
}

function pssSign(privateKey: KeyObject, digestOf: string): string {
  const stringToSign = `${WALLET_SIGNATURE_ALGORITHM}\n${sha256Hex(digestOf)}`;
  return sign('sha256', Buffer.from(stringToSign, 'utf8'), {
    key: privateKey,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: SALT_LENGTH,
  }).toString('base64');
}

/** The SDK's query string: keys sorted, values encodeURIComponent'ed. */
export function canonicalQueryString(query: URLSearchParams): string {
  return [...new Set(query.keys())]
    .sort()
    .map((key) => `${key}=${encodeURIComponent(query.get(key) ?? '')}`)
    .join('&');
}

/** x-amz-pay-date as the SDK writes it: ISO 8601 UTC without milliseconds. */
export function amzPayDate(date: Date): string {
  return `${date.toISOString().split('.')[0]}Z`;
}

export interface CanonicalRequestInput {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Every header to sign, any case. */
  headers: Record<string, string>;
  body: string;
}

/** Returns the canonical request and the header list it signs (sorted, case-insensitively). */
export function canonicalRequest(input: CanonicalRequestInput): { canonical: string; signedHeaders: string } {
  const names = Object.keys(input.headers).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  const headerLines = names.map((name) => `${name.toLowerCase()}:${input.headers[name]}\n`).join('');
  const signedHeaders = names.map((name) => name.toLowerCase()).join(';');
  return {
    canonical: `${input.method.toUpperCase()}\n${input.path}\n${canonicalQueryString(input.query)}\n${headerLines}\n${signedHeaders}\n${sha256Hex(input.body)}`,
    signedHeaders,
  };
}

export interface SignRequestInput {
  method: string;
  url: URL;
  body: string;
  /** Extra x-amz-pay-* headers to send and sign (the idempotency key). */
  headers?: Record<string, string>;
  privateKey: KeyObject;
  publicKeyId: string;
  /** x-amz-pay-region value, e.g. "jp". */
  region: string;
  now: Date;
}

/**
 * Every header to send, authorization included. The signature covers the URL's full path: what
 * the provider's server receives (the sandbox under /wallet accepts it as well as the SDK's path).
 */
export function signRequest(input: SignRequestInput): Record<string, string> {
  const headers: Record<string, string> = {
    ...input.headers,
    accept: 'application/json',
    'content-type': 'application/json',
    'x-amz-pay-date': amzPayDate(input.now),
    'x-amz-pay-host': input.url.host,
    'x-amz-pay-region': input.region,
  };
  const { canonical, signedHeaders } = canonicalRequest({
    method: input.method,
    path: input.url.pathname,
    query: input.url.searchParams,
    headers,
    body: input.body,
  });
  const signature = pssSign(input.privateKey, canonical);
  return {
    ...headers,
    authorization: `${WALLET_SIGNATURE_ALGORITHM} PublicKeyId=${input.publicKeyId}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** The SDK's generateButtonSignature: signs the exact payload string the button will carry. */
export function signButtonPayload(payloadJSON: string, privateKey: KeyObject): string {
  return pssSign(privateKey, payloadJSON);
}
