// Checks a request's AWS Signature Version 4 header the way S3 does, so a wrong access key or
// secret fails against the sandbox as it would against AWS (the SDK signs every request).
// https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface SignedRequest {
  method: string;
  /** The path and query exactly as sent: S3 signs the path without normalising or re-encoding it. */
  rawUrl: string;
  headers: IncomingHttpHeaders;
}

export type SignatureProblem = 'AccessDenied' | 'InvalidAccessKeyId' | 'AuthorizationHeaderMalformed' | 'SignatureDoesNotMatch';

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(query: string): string {
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
      return [encode(decode(name)), encode(decode(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}

/** undefined when the request is signed with this key pair; otherwise S3's error code for it. */
export function checkSignature(request: SignedRequest, accessKeyId: string, secretAccessKey: string): SignatureProblem | undefined {
  const authorization = request.headers.authorization;
  if (!authorization) return 'AccessDenied';
  const match = AUTHORIZATION.exec(authorization);
  if (!match) return 'InvalidAccessKeyId';
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
  const amzDate = headerValue(request.headers, 'x-amz-date');
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  const names = signedHeaders.split(';');
  if (!amzDate.startsWith(day) || !payloadHash || !names.includes('host')) return 'AuthorizationHeaderMalformed';

  const at = request.rawUrl.indexOf('?');
  const [path, query] = at < 0 ? [request.rawUrl, ''] : [request.rawUrl.slice(0, at), request.rawUrl.slice(at + 1)];
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(query),
    names.map((name) => `${name}:${headerValue(request.headers, name)}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce(hmac, hmac(hmac(`AWS4${secretAccessKey}`, day), region));
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? undefined : 'SignatureDoesNotMatch';
}

/** Whether a signed payload hash (a hex SHA-256, not UNSIGNED-PAYLOAD or a streaming mode) matches the body. */
export function payloadHashMatches(headers: IncomingHttpHeaders, body: Buffer): boolean {
  const claimed = headerValue(headers, 'x-amz-content-sha256');
  return !/^[0-9a-f]{64}$/.test(claimed) || claimed === sha256(body);
}
