// The S3 file storage (media/s3-storage.ts) against the sandbox's S3-compatible store over real
// HTTP and SigV4: what the FileStorage interface promises, wrong credentials, and how outages end.
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../src/media/file-storage';
import { s3Storage, type S3StorageOptions } from '../src/media/s3-storage';
import { CALLS_HANG, startSandbox, type TestSandbox } from './helpers/start-sandbox';

let sandbox: TestSandbox;
const opened: FileStorage[] = [];
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterEach(() => sandbox.reset());
afterAll(async () => {
  for (const storage of opened) storage.close?.();
  await sandbox.close();
});

function storage(overrides: Partial<S3StorageOptions> = {}): FileStorage {
  const made = s3Storage({
    endpoint: `${sandbox.url}/storage`,
    region: 'ap-northeast-1',
    forcePathStyle: true,
    ...SANDBOX_CREDENTIALS.storage,
    ...overrides,
  });
  opened.push(made);
  return made;
}

/** The sandbox store's fault control: the next `failNext` requests answer `failWith`. */
async function storageFails(failNext: number, failWith: 'SlowDown' | 'InternalError') {
  const response = await fetch(`${sandbox.url}/storage/__control`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ failNext, failWith }),
  });
  expect(response.status).toBe(200);
}

describe('s3Storage', () => {
  it('gives back what was put, reads a missing key as undefined, and deletes (twice without error)', async () => {
    const files = storage();
    const bytes = Buffer.from([0, 1, 2, 253, 254, 255]);
    await files.put('avatars/1-0123456789abcdef.webp', bytes);
    expect(await files.get('avatars/1-0123456789abcdef.webp')).toEqual(bytes);
    expect(await files.get('avatars/2-0123456789abcdef.webp')).toBeUndefined();
    await files.delete('avatars/1-0123456789abcdef.webp');
    expect(await files.get('avatars/1-0123456789abcdef.webp')).toBeUndefined();
    await expect(files.delete('avatars/1-0123456789abcdef.webp')).resolves.toBeUndefined();
  });

  it('stores WebP as image/webp, for whoever reads the bucket directly', async () => {
    await storage().put('campaigns/1-0123456789abcdef.webp', Buffer.from('RIFF'));
    const activity = (await (await fetch(`${sandbox.url}/__control/activity`)).json()) as { activity: { detail: string }[] };
    expect(activity.activity.map((entry) => entry.detail)).toContain(
      'kifu-sandbox-uploads/campaigns/1-0123456789abcdef.webp (4 bytes, image/webp)',
    );
  });

  it('refuses the keys disk storage refuses, before asking the store', async () => {
    await expect(storage().put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/not a storage key/);
    await expect(storage().get('Avatars/A.webp')).rejects.toThrow(/not a storage key/);
  });

  it('fails with wrong credentials instead of reading as "no such file"', async () => {
    await expect(storage({ accessKeyId: 'AKIANOTTHESANDBOXKEY' }).get('avatars/1-a.webp')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    await expect(storage({ secretAccessKey: 'not-the-secret' }).put('avatars/1-a.webp', Buffer.from('x'))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
  });

  it('fails on a bucket that does not exist rather than making every file a 404', async () => {
    await expect(storage({ bucket: 'no-such-bucket' }).get('avatars/1-a.webp')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('rides out throttling: two 503 SlowDown answers, then the store answers', async () => {
    const files = storage();
    await storageFails(2, 'SlowDown');
    await files.put('avatars/3-0123456789abcdef.webp', Buffer.from('after the storm'));
    expect((await files.get('avatars/3-0123456789abcdef.webp'))?.toString()).toBe('after the storm');
  });

  it('surfaces a store failing for longer than the retries as an error', async () => {
    await storageFails(10, 'InternalError');
    await expect(storage().get('avatars/1-a.webp')).rejects.toMatchObject({ name: 'InternalError', $metadata: { httpStatusCode: 500 } });
    await expect(storage().put('avatars/1-a.webp', Buffer.from('x'))).rejects.toMatchObject({ name: 'InternalError' });
  });

  it('gives up on a store that does not answer after its request timeout', async () => {
    await sandbox.setFaults(CALLS_HANG);
    await expect(storage({ requestTimeoutMs: 1_000 }).get('avatars/1-a.webp')).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
