// With UPLOAD_STORAGE=s3 (ADR 037) an uploaded image goes to the S3-compatible store (here the
// sandbox's, the default outside production) and is served from there under /media/uploads.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartFile, pngImage } from './helpers/multipart-image';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({ env: { UPLOAD_STORAGE: 's3' } });

const storedObjects = async () => ((await (await fetch(`${h.sandbox.url}/storage/__control`)).json()) as { objects: number }).objects;

describe('uploads on S3-compatible storage', () => {
  it('stores a profile image in the bucket, serves it under /media/uploads, and removes it from the bucket', async () => {
    const { app } = h.t;
    expect(app.config).toMatchObject({ UPLOAD_STORAGE: 's3', S3_ENDPOINT: `${h.sandbox.url}/storage` });
    const signUp = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: uniqueEmail('s3-avatar'), password: 'first-pass-1' },
    });
    const auth = { authorization: `Bearer ${(signUp.json() as { accessToken: string }).accessToken}` };
    const before = await storedObjects();

    const body = multipartFile(await pngImage(900, 600), 'me.png');
    const uploaded = await app.inject({
      method: 'POST',
      url: '/user/me/avatar',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
    expect(uploaded.statusCode).toBe(200);
    const url = (uploaded.json() as { avatarImage: { file: string } }).avatarImage.file;
    expect(url).toMatch(/^\/backend\/media\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    expect(await storedObjects()).toBe(before + 1);

    const served = await app.inject({ url: url.replace('/backend', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });

    expect((await app.inject({ method: 'DELETE', url: '/user/me/avatar', headers: auth })).statusCode).toBe(204);
    expect(await storedObjects()).toBe(before);
    expect((await app.inject({ url: url.replace('/backend', '') })).statusCode).toBe(404);
  });
});
