// HTTP side of the object store: S3's path-style object calls, signed with SigV4, answering S3's
// headers and XML errors; and the test controls beside them.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../shared/context';
import { injectFaults } from '../shared/faults';
import { escapeHtml } from '../shared/html';
import { STORAGE_FAULTS, type ObjectStore } from './object-store';
import { checkSignature, payloadHashMatches } from './signature-v4';

export interface StorageRouteOptions {
  context: SandboxContext;
  store: ObjectStore;
}

/** Far above any image or receipt bundle Kifu stores, far below S3's 5 GB single PUT. */
const MAX_OBJECT_BYTES = 256 * 1024 * 1024;

const MESSAGES: Record<string, [status: number, message: string]> = {
  AccessDenied: [403, 'Access Denied'],
  InvalidAccessKeyId: [403, 'The AWS Access Key Id you provided does not exist in our records.'],
  AuthorizationHeaderMalformed: [400, 'The authorization header is malformed.'],
  SignatureDoesNotMatch: [403, 'The request signature we calculated does not match the signature you provided.'],
  XAmzContentSHA256Mismatch: [400, "The provided 'x-amz-content-sha256' header does not match what was computed."],
  NoSuchBucket: [404, 'The specified bucket does not exist'],
  NoSuchKey: [404, 'The specified key does not exist.'],
  InvalidArgument: [400, 'Invalid Argument'],
  SlowDown: [STORAGE_FAULTS.SlowDown, 'Please reduce your request rate.'],
  InternalError: [STORAGE_FAULTS.InternalError, 'We encountered an internal error. Please try again.'],
};

function errorXml(code: string, requestId: string, resource = ''): string {
  const [, message] = MESSAGES[code] ?? [500, code];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeHtml(message)}</Message><Resource>${escapeHtml(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
}

/** S3 answers errors as XML, except to HEAD, which gets the status alone. */
function sendError(request: FastifyRequest, reply: FastifyReply, code: string) {
  const [status] = MESSAGES[code] ?? [500];
  reply.code(status);
  if (request.method === 'HEAD') return reply.send();
  return reply.type('application/xml').send(errorXml(code, requestId(reply), request.url.split('?')[0]));
}

function requestId(reply: FastifyReply): string {
  return String(reply.getHeader('x-amz-request-id'));
}

/**
 * Bodies the SDK streams (`STREAMING-…` payload hash, `aws-chunked` encoding) come as chunks, each
 * `hex size[;chunk-signature=…]\r\n bytes \r\n`, ending with a zero chunk and trailing checksums.
 */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('truncated aws-chunked body');
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!Number.isFinite(size)) throw new Error('bad aws-chunked size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

const isChunked = (request: FastifyRequest) =>
  String(request.headers['content-encoding'] ?? '').includes('aws-chunked') ||
  String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');

const CHECKSUM_HEADER = /^x-amz-checksum-(crc32|crc32c|crc64nvme|sha1|sha256)$/;

const controlChanges = z
  .object({ failNext: z.number().int().min(0).max(1000), failWith: z.enum(['SlowDown', 'InternalError']) })
  .partial()
  .strict();

type ObjectRequest = FastifyRequest<{ Params: { bucket: string; '*': string } }>;

export async function storageRoutes(app: FastifyInstance, { context, store }: StorageRouteOptions) {
  const { config } = context;

  app.get('/__control', async () => ({ ...store.faults, objects: store.objectCount }));
  app.put('/__control', async (request, reply) => {
    const parsed = controlChanges.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'expected {failNext?: 0..1000, failWith?: SlowDown | InternalError}' });
    store.faults = { ...store.faults, ...parsed.data };
    context.activity.record('storage', 'faults changed', `next ${store.faults.failNext} requests answer ${store.faults.failWith}`);
    return { ...store.faults, objects: store.objectCount };
  });

  await app.register(async (protocol) => {
    // S3 takes any bytes under any content type; JSON or form bodies must not be parsed.
    protocol.removeAllContentTypeParsers();
    protocol.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_OBJECT_BYTES }, (_request, body, done) => done(null, body));
    protocol.addHook('onRequest', async (request, reply) => {
      reply.header('x-amz-request-id', randomBytes(8).toString('hex').toUpperCase());
      // Before the sandbox-wide faults, whose 500 body is a string, so it goes out as XML.
      reply.type('application/xml');
      const fault = store.takeFault();
      if (fault) {
        context.activity.record('storage', 'fault', `${request.method} answered ${fault}`);
        return sendError(request, reply, fault);
      }
      const problem = checkSignature(
        { method: request.method, rawUrl: request.raw.url ?? request.url, headers: request.headers },
        config.S3_ACCESS_KEY_ID,
        config.S3_SECRET_ACCESS_KEY,
      );
      if (problem) {
        context.activity.record('storage', 'refused', `${request.method} ${request.url.split('?')[0]}: ${problem}`);
        return sendError(request, reply, problem);
      }
    });
    injectFaults(protocol, context.faults, () => errorXml('InternalError', 'SANDBOXFAULT'));

    const objectIn = (request: ObjectRequest, reply: FastifyReply) => {
      const bucket = store.bucket(request.params.bucket);
      if (!bucket) {
        sendError(request, reply, 'NoSuchBucket');
        return undefined;
      }
      return { bucket, key: request.params['*'] };
    };

    protocol.put('/:bucket/*', async (request: ObjectRequest, reply) => {
      const target = objectIn(request, reply);
      if (!target) return reply;
      if (!target.key) return sendError(request, reply, 'InvalidArgument');
      const sent = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const bytes = isChunked(request) ? decodeAwsChunked(sent) : sent;
      if (!payloadHashMatches(request.headers, sent)) return sendError(request, reply, 'XAmzContentSHA256Mismatch');
      const contentType = request.headers['content-type'] ?? 'binary/octet-stream';
      const checksums = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => CHECKSUM_HEADER.test(entry[0]) && typeof entry[1] === 'string',
        ),
      );
      const stored = store.put(target.bucket, target.key, { bytes, contentType, checksums, lastModified: context.clock.now() });
      context.activity.record('storage', 'put', `${request.params.bucket}/${target.key} (${bytes.length} bytes, ${contentType})`);
      return reply.code(200).header('etag', stored.etag).removeHeader('content-type').send();
    });

    const getOrHead = async (request: ObjectRequest, reply: FastifyReply) => {
      const target = objectIn(request, reply);
      if (!target) return reply;
      const stored = target.bucket.get(target.key);
      if (!stored) return sendError(request, reply, 'NoSuchKey');
      reply
        .code(200)
        .type(stored.contentType)
        .header('etag', stored.etag)
        .header('last-modified', stored.lastModified.toUTCString())
        .header('accept-ranges', 'bytes');
      if (request.headers['x-amz-checksum-mode'] === 'ENABLED') reply.headers(stored.checksums);
      if (request.method === 'HEAD') return reply.header('content-length', stored.bytes.length).send();
      return reply.send(stored.bytes);
    };
    protocol.get('/:bucket/*', { exposeHeadRoute: false }, getOrHead);
    protocol.head('/:bucket/*', getOrHead);

    protocol.delete('/:bucket/*', async (request: ObjectRequest, reply) => {
      const target = objectIn(request, reply);
      if (!target) return reply;
      // S3 answers 204 whether or not the key was there.
      target.bucket.delete(target.key);
      context.activity.record('storage', 'delete', `${request.params.bucket}/${target.key}`);
      return reply.code(204).removeHeader('content-type').send();
    });
  });
}
