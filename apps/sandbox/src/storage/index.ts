// The object storage emulator, S3-compatible (architecture.md "uploads": S3-compatible storage by
// configuration). Protocol, under /storage, path-style only (bucket in the path, as MinIO and
// `forcePathStyle` clients address it):
//
//   Every object call carries `Authorization: AWS4-HMAC-SHA256 Credential=<S3_ACCESS_KEY_ID>/…`,
//   checked in full against S3_SECRET_ACCESS_KEY, as the AWS SDK signs it (header signing only; no
//   presigned URLs). Errors are S3's XML `<Error><Code>…</Code><Message>…</Message>…</Error>` with
//   an `x-amz-request-id` header: 403 AccessDenied (no Authorization), 403 InvalidAccessKeyId
//   (not SigV4 or another key id), 400 AuthorizationHeaderMalformed, 403 SignatureDoesNotMatch,
//   400 XAmzContentSHA256Mismatch, 404 NoSuchBucket (any bucket but S3_BUCKET), 404 NoSuchKey.
//   PUT    /storage/{bucket}/{key…}  body = the bytes (aws-chunked bodies decoded), Content-Type kept
//          → 200 with ETag (quoted MD5).
//   GET    /storage/{bucket}/{key…}  → 200 the bytes, Content-Type, ETag, Last-Modified | 404 NoSuchKey.
//   HEAD   /storage/{bucket}/{key…}  → the same headers without a body; 404 without one.
//   DELETE /storage/{bucket}/{key…}  → 204, whether or not the key existed.
//   GET|PUT /storage/__control {failNext?: n, failWith?: 'SlowDown' | 'InternalError'} — the next n
//          object calls answer 503 SlowDown (S3's throttling, which SDKs retry) or 500 InternalError.
//          The sandbox-wide faults (PUT /__control/faults) apply too. POST /__control/reset empties
//          the store and clears the control.
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions, SandboxContext } from '../shared/context';
import { renderStorageIndexSection } from './index-section';
import { ObjectStore } from './object-store';
import { storageRoutes } from './routes';

// The index page only gets the context; this finds the store of the same sandbox app.
const stores = new WeakMap<SandboxContext, ObjectStore>();

export async function storageEmulator(app: FastifyInstance, { context, onReset }: EmulatorOptions) {
  const store = new ObjectStore([context.config.S3_BUCKET]);
  stores.set(context, store);
  onReset(() => store.reset());
  await app.register(storageRoutes, { context, store });
}

/** The emulator's part of the sandbox index page (HTML). */
export function storageIndexSection(options: Pick<EmulatorOptions, 'context'>): string {
  return renderStorageIndexSection(options, stores.get(options.context));
}
