// Contract of the S3-compatible object store (src/storage/index.ts), over real HTTP and through the
// official AWS SDK: objects in and out, S3's errors as XML, SigV4 checked in full, and the fault
// control that tests use to play a throttled or broken store.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';

const { accessKeyId, secretAccessKey, bucket: BUCKET } = SANDBOX_CREDENTIALS.storage;

let app: FastifyInstance;
let base: string;
const clients: S3Client[] = [];
beforeAll(async () => {
  app = await buildSandbox({ config: loadSandboxConfig({ LOG_LEVEL: 'silent' }), fastify: { logger: false } });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => fetch(`${base}/__control/reset`, { method: 'POST' }));
afterAll(async () => {
  for (const client of clients) client.destroy();
  await app.close();
});

function client(
  credentials: { accessKeyId: string; secretAccessKey: string } = { accessKeyId, secretAccessKey },
  options: { maxAttempts?: number } = {},
) {
  const made = new S3Client({ endpoint: `${base}/storage`, region: 'ap-northeast-1', forcePathStyle: true, credentials, ...options });
  clients.push(made);
  return made;
}

/** The error an SDK call fails with, or undefined when it succeeds. */
async function failure(call: Promise<unknown>): Promise<S3ServiceException | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    if (error instanceof S3ServiceException) return error;
    throw error;
  }
}

const control = (body: unknown) =>
  fetch(`${base}/storage/__control`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('objects', () => {
  it('stores bytes and content type; GET and HEAD answer them with an ETag; DELETE removes them', async () => {
    const s3 = client();
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 255]);
    const put = await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'avatars/1-a.webp', Body: bytes, ContentType: 'image/webp' }));
    expect(put.ETag).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`);

    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'avatars/1-a.webp' }));
    expect(got.ContentType).toBe('image/webp');
    expect(got.ETag).toBe(put.ETag);
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(bytes);

    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'avatars/1-a.webp' }));
    expect(head).toMatchObject({ ContentType: 'image/webp', ContentLength: bytes.length, ETag: put.ETag });

    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'avatars/1-a.webp' }));
    expect((await failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'avatars/1-a.webp' }))))?.name).toBe('NoSuchKey');
    // S3 answers a DELETE of a missing key with 204 all the same.
    expect((await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'avatars/1-a.webp' }))).$metadata.httpStatusCode).toBe(204);
  });

  it('takes a streamed upload (aws-chunked with a trailing checksum) and gives back the bytes alone', async () => {
    const s3 = client();
    const bytes = Buffer.alloc(100_000, 'kifu');
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'receipt-bundles/1-a.zip', Body: Readable.from([bytes]), ContentLength: bytes.length }),
    );
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'receipt-bundles/1-a.zip' }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(bytes);
  });

  it('answers a missing key with 404 NoSuchKey in XML, a missing one to HEAD with a bare 404, another bucket with NoSuchBucket', async () => {
    const s3 = client();
    const missing = await failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'avatars/none.webp' })));
    expect(missing).toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    const head = await failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'avatars/none.webp' })));
    expect(head?.$metadata.httpStatusCode).toBe(404);
    const otherBucket = await failure(s3.send(new GetObjectCommand({ Bucket: 'someone-elses', Key: 'a.webp' })));
    expect(otherBucket).toMatchObject({ name: 'NoSuchBucket', $metadata: { httpStatusCode: 404 } });
  });

  it('empties on reset', async () => {
    const s3 = client();
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'a.webp', Body: Buffer.from('x') }));
    expect(await (await fetch(`${base}/storage/__control`)).json()).toMatchObject({ objects: 1 });
    await fetch(`${base}/__control/reset`, { method: 'POST' });
    expect((await failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'a.webp' }))))?.name).toBe('NoSuchKey');
  });
});

describe('authentication', () => {
  it('refuses an unsigned request with 403 AccessDenied and a non-SigV4 one with 403 InvalidAccessKeyId, in S3 XML', async () => {
    const unsigned = await fetch(`${base}/storage/${BUCKET}/a.webp`);
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('content-type')).toContain('application/xml');
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');

    const basic = await fetch(`${base}/storage/${BUCKET}/a.webp`, {
      method: 'PUT',
      headers: { authorization: `AWS ${accessKeyId}:c2ln` },
      body: 'x',
    });
    expect(basic.status).toBe(403);
    expect(await basic.text()).toMatch(/^<\?xml[^>]*>\s*<Error><Code>InvalidAccessKeyId<\/Code>/);
  });

  it('refuses another access key id (InvalidAccessKeyId) and the right id with a wrong secret (SignatureDoesNotMatch)', async () => {
    const otherKey = await failure(
      client({ accessKeyId: 'AKIAOTHERKEY00000000', secretAccessKey }).send(new GetObjectCommand({ Bucket: BUCKET, Key: 'a.webp' })),
    );
    expect(otherKey).toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
    const otherSecret = await failure(
      client({ accessKeyId, secretAccessKey: 'not-the-secret' }).send(new PutObjectCommand({ Bucket: BUCKET, Key: 'a.webp', Body: 'x' })),
    );
    expect(otherSecret).toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    expect(await (await fetch(`${base}/storage/__control`)).json()).toMatchObject({ objects: 0 });
  });
});

describe('fault control', () => {
  it('answers the next requests 503 SlowDown, which the SDK retries through', async () => {
    expect((await control({ failNext: 2, failWith: 'SlowDown' })).status).toBe(200);
    const put = await client().send(new PutObjectCommand({ Bucket: BUCKET, Key: 'a.webp', Body: 'x' }));
    expect(put.$metadata.attempts).toBe(3);
    expect(await (await fetch(`${base}/storage/__control`)).json()).toEqual({ failNext: 0, failWith: 'SlowDown', objects: 1 });
  });

  it('answers 500 InternalError for longer than the retries, which surfaces as an error', async () => {
    await control({ failNext: 5, failWith: 'InternalError' });
    const error = await failure(client(undefined, { maxAttempts: 2 }).send(new GetObjectCommand({ Bucket: BUCKET, Key: 'a.webp' })));
    expect(error).toMatchObject({ name: 'InternalError', $metadata: { httpStatusCode: 500, attempts: 2 } });
  });

  it('also answers the sandbox-wide error rate, as S3 XML', async () => {
    await fetch(`${base}/__control/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorRate: 1 }),
    });
    const error = await failure(client(undefined, { maxAttempts: 1 }).send(new GetObjectCommand({ Bucket: BUCKET, Key: 'a.webp' })));
    expect(error).toMatchObject({ name: 'InternalError', $metadata: { httpStatusCode: 500 } });
  });

  it('refuses a bad control body', async () => {
    expect((await control({ failNext: -1 })).status).toBe(400);
    expect((await control({ failWith: 'Teapot' })).status).toBe(400);
  });
});

it('shows the store on the index page', async () => {
  const html = await (await fetch(base)).text();
  expect(html).toContain('Object storage (S3-compatible)');
  expect(html).toContain(BUCKET);
});
