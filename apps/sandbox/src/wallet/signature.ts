// Amazon Pay's request and button signatures, verified here and (for tests and for reference)
// produced here exactly as the official Node SDK does it
// (@amazonpay/amazon-pay-api-sdk-nodejs src/clientHelper.js signHeaders / signPayload;
// https://developer.amazon.com/docs/amazon-pay-api-v2/signing-requests.html):
//
//   CanonicalRequest = METHOD \n CanonicalURI \n CanonicalQueryString \n
//                      (lowercase(name) ":" value \n)* for each signed header, in SignedHeaders order
//                      \n SignedHeaders \n hex(sha256(body))
//   StringToSign     = ALGORITHM \n hex(sha256(CanonicalRequest))
//   Signature        = base64(RSASSA-PSS-SHA256(StringToSign)), salt 32 bytes for
//                      AMZN-PAY-RSASSA-PSS-V2 and 20 bytes for the older AMZN-PAY-RSASSA-PSS
//   authorization: ALGORITHM PublicKeyId=…, SignedHeaders=a;b;c, Signature=…
//
// The button signature is the same RSASSA-PSS over ALGORITHM \n hex(sha256(payloadJSON)).
import { constants, createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

export const SIGNATURE_ALGORITHMS = {
  'AMZN-PAY-RSASSA-PSS-V2': { saltLength: 32 },
  'AMZN-PAY-RSASSA-PSS': { saltLength: 20 },
} as const;
export type SignatureAlgorithm = keyof typeof SIGNATURE_ALGORITHMS;

export function isSignatureAlgorithm(value: unknown): value is SignatureAlgorithm {
  return typeof value === 'string' && Object.hasOwn(SIGNATURE_ALGORITHMS, value);
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function stringToSign(algorithm: SignatureAlgorithm, digestOf: string | Buffer): string {
  return `${algorithm}\n${sha256Hex(digestOf)}`;
}

function pssSign(privateKey: KeyObject, algorithm: SignatureAlgorithm, data: string): string {
  return sign('sha256', Buffer.from(data), {
    key: privateKey,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: SIGNATURE_ALGORITHMS[algorithm].saltLength,
  }).toString('base64');
}

function pssVerify(publicKey: KeyObject, algorithm: SignatureAlgorithm, data: string, signature: string): boolean {
  try {
    return verify(
      'sha256',
      Buffer.from(data),
      { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: SIGNATURE_ALGORITHMS[algorithm].saltLength },
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** The SDK's query string: keys sorted, values encodeURIComponent'ed, joined with '&'. */
export function canonicalQueryString(query: URLSearchParams): string {
  return [...query.keys()]
    .filter((key, index, keys) => keys.indexOf(key) === index)
    .sort()
    .map((key) => `${key}=${encodeURIComponent(query.get(key) ?? '')}`)
    .join('&');
}

export interface CanonicalRequestParts {
  method: string;
  /** Path only, starting with '/'. */
  path: string;
  query: string;
  /** Signed header names exactly as the authorization header lists them. */
  signedHeaders: string[];
  headerValue: (lowercaseName: string) => string | undefined;
  body: string | Buffer;
}

export function canonicalRequest(parts: CanonicalRequestParts): string {
  const headerLines = parts.signedHeaders.map((name) => `${name.toLowerCase()}:${parts.headerValue(name.toLowerCase()) ?? ''}\n`).join('');
  return `${parts.method.toUpperCase()}\n${parts.path}\n${parts.query}\n${headerLines}\n${parts.signedHeaders.join(';')}\n${sha256Hex(parts.body)}`;
}

// ---------------------------------------------------------------------------------------------
// Merchant side: what the Kifu API (or a test) does with the private key.

export interface SignRequestOptions {
  method: string;
  /** The path the signature covers, e.g. "/v2/checkoutSessions" (query string separately). */
  path: string;
  query?: URLSearchParams;
  /** Extra headers to send and sign, e.g. the idempotency key. */
  headers?: Record<string, string>;
  body?: string;
  privateKeyPem: string;
  publicKeyId: string;
  algorithm?: SignatureAlgorithm;
  region?: string;
  /** x-amz-pay-host; the SDK sends the provider's API host. */
  host?: string;
  date?: Date;
}

/** The SDK's x-amz-pay-date: ISO 8601 without milliseconds, e.g. "2024-05-01T09:00:00Z". */
export function sdkDate(date: Date): string {
  return `${date.toISOString().split('.')[0]}Z`;
}

/** Returns every header to send, authorization included (the SDK's signHeaders). */
export function signRequest(options: SignRequestOptions): Record<string, string> {
  const algorithm = options.algorithm ?? 'AMZN-PAY-RSASSA-PSS-V2';
  const headers: Record<string, string> = {
    ...options.headers,
    'x-amz-pay-region': options.region ?? 'jp',
    'x-amz-pay-host': options.host ?? 'pay-api.amazon.jp',
    'x-amz-pay-date': sdkDate(options.date ?? new Date()),
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const signedHeaders = Object.keys(headers).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  const lowercase = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const canonical = canonicalRequest({
    method: options.method,
    path: options.path,
    query: options.query ? canonicalQueryString(options.query) : '',
    signedHeaders,
    headerValue: (name) => lowercase[name],
    body: options.body ?? '',
  });
  const signature = pssSign(createPrivateKey(options.privateKeyPem), algorithm, stringToSign(algorithm, canonical));
  return {
    ...headers,
    authorization: `${algorithm} PublicKeyId=${options.publicKeyId}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`,
  };
}

/** The SDK's generateButtonSignature: signs the exact payloadJSON string the button carries. */
export function signButtonPayload(
  payloadJson: string,
  privateKeyPem: string,
  algorithm: SignatureAlgorithm = 'AMZN-PAY-RSASSA-PSS-V2',
): string {
  return pssSign(createPrivateKey(privateKeyPem), algorithm, stringToSign(algorithm, payloadJson));
}

// ---------------------------------------------------------------------------------------------
// Provider side: what the emulator checks.

export function verifyButtonSignature(
  payloadJson: string,
  signature: string,
  publicKeyPem: string,
  algorithm: SignatureAlgorithm,
): boolean {
  return pssVerify(createPublicKey(publicKeyPem), algorithm, stringToSign(algorithm, payloadJson), signature);
}

const AUTHORIZATION = /^(AMZN-PAY-RSASSA-PSS(?:-V2)?)\s+PublicKeyId=([^,\s]+)\s*,\s*SignedHeaders=([^,\s]+)\s*,\s*Signature=(\S+)$/;

/** Headers Amazon requires every signature to cover. */
const REQUIRED_SIGNED_HEADERS = ['x-amz-pay-date', 'x-amz-pay-host'];

/** How far x-amz-pay-date may be from now before a signed request is refused as a replay. */
export const SIGNATURE_MAX_SKEW_MS = 15 * 60_000;

export interface SignedRequest {
  method: string;
  /** Candidate canonical URIs: the path as received and the path as the provider would see it. */
  paths: string[];
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface VerifyOptions {
  publicKeyId: string;
  publicKeyPem: string;
  /** Real time, not the sandbox clock: the merchant signs with its own clock. */
  now: Date;
}

export type VerifyResult = { ok: true; algorithm: SignatureAlgorithm } | { ok: false; message: string };

/** Accepts "2024-05-01T09:00:00Z" (the SDK) and "20240501T090000Z" (Amazon's documentation). */
export function parseAmzDate(value: string): Date | undefined {
  const basic = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  const text = basic ? `${basic[1]}-${basic[2]}-${basic[3]}T${basic[4]}:${basic[5]}:${basic[6]}Z` : value;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function verifyRequestSignature(request: SignedRequest, options: VerifyOptions): VerifyResult {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const authorization = header('authorization');
  if (!authorization) return { ok: false, message: 'The authorization header is missing: sign the request with your private key.' };
  const match = AUTHORIZATION.exec(authorization.trim());
  if (!match)
    return { ok: false, message: 'The authorization header is not "AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=…, SignedHeaders=…, Signature=…".' };
  const [, algorithmName, publicKeyId, signedHeaderList, signature] = match as unknown as [
    string,
    SignatureAlgorithm,
    string,
    string,
    string,
  ];
  if (publicKeyId !== options.publicKeyId) return { ok: false, message: `Unknown public key id ${publicKeyId}.` };

  const signedHeaders = signedHeaderList.split(';');
  const signedLowercase = new Set(signedHeaders.map((name) => name.toLowerCase()));
  for (const name of REQUIRED_SIGNED_HEADERS) {
    if (!signedLowercase.has(name)) return { ok: false, message: `The signature must cover the ${name} header.` };
  }
  for (const name of Object.keys(request.headers)) {
    if (name.startsWith('x-amz-pay-') && !signedLowercase.has(name))
      return { ok: false, message: `The signature must cover the ${name} header.` };
  }
  for (const name of signedLowercase) {
    if (header(name) === undefined) return { ok: false, message: `Signed header ${name} is not in the request.` };
  }

  const date = parseAmzDate(header('x-amz-pay-date')!);
  if (!date) return { ok: false, message: 'x-amz-pay-date is not an ISO 8601 UTC timestamp.' };
  if (Math.abs(date.getTime() - options.now.getTime()) > SIGNATURE_MAX_SKEW_MS) {
    return { ok: false, message: 'x-amz-pay-date is more than 15 minutes away from the current time.' };
  }

  const publicKey = createPublicKey(options.publicKeyPem);
  const query = canonicalQueryString(request.query);
  for (const path of request.paths) {
    const canonical = canonicalRequest({ method: request.method, path, query, signedHeaders, headerValue: header, body: request.body });
    if (pssVerify(publicKey, algorithmName, stringToSign(algorithmName, canonical), signature))
      return { ok: true, algorithm: algorithmName };
  }
  return { ok: false, message: 'The request signature does not match the signature the provider calculated.' };
}
