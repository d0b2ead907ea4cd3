// The profile image (ADR 031): uploaded as multipart, its type read from the bytes, stored as a
// 512×512 WebP behind the file storage and served under /media; only the owner changes it.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { multipartFile, pngImage } from './helpers/multipart-image';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
let client = 0;

async function signUp() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email: uniqueEmail('avatar'), password: 'first-pass-1' },
    remoteAddress: `10.6.0.${++client}`,
  });
  return (response.json() as { accessToken: string }).accessToken;
}

const upload = (bytes: Buffer, token?: string, filename?: string, contentType?: string) => {
  const body = multipartFile(bytes, filename ?? 'me.png', contentType);
  return t.app.inject({
    method: 'POST',
    url: '/user/me/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};
const avatarOf = async (token: string) =>
  t.app
    .inject({ url: '/user/me/', headers: { authorization: `Bearer ${token}` } })
    .then((response) => (response.json() as { avatarImage: { file: string | null } }).avatarImage.file);
const png = pngImage;

describe('the profile image', () => {
  it('is stored as a 512×512 WebP and served under /media; replacing it removes the old file', async () => {
    const token = await signUp();
    const first = await upload(await png(1200, 800), token);
    expect(first.statusCode).toBe(200);
    const url = (first.json() as { avatarImage: { file: string } }).avatarImage.file;
    expect(url).toMatch(/^\/backend\/media\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    expect(await avatarOf(token)).toBe(url);
    const served = await t.app.inject({ url: url.replace('/backend', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const second = await upload(await png(300, 300), token);
    const replaced = (second.json() as { avatarImage: { file: string } }).avatarImage.file;
    expect(replaced).not.toBe(url);
    expect((await t.app.inject({ url: url.replace('/backend', '') })).statusCode).toBe(404);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/user/me/avatar', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(204);
    expect(await avatarOf(token)).toBeNull();
    expect((await t.app.inject({ url: replaced.replace('/backend', '') })).statusCode).toBe(404);
  });

  it('reads the type from the bytes: a text file named .png is refused, a PNG named .txt is taken', async () => {
    const token = await signUp();
    const fake = await upload(Buffer.from('<script>alert(1)</script>'), token, 'evil.png', 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ fields: { file: ['value'] } });
    expect((await upload(await png(64, 64), token, 'notes.txt', 'text/plain')).statusCode).toBe(200);
  });

  it('refuses an image over 5 MB', async () => {
    const token = await signUp();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const response = await upload(big, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { file: ['max'] } });
  });

  it("changes only the caller's own image, and nobody's without a token", async () => {
    const owner = await signUp();
    const other = await signUp();
    await upload(await png(100, 100), owner);
    const ownerUrl = await avatarOf(owner);
    await upload(await png(100, 100), other);
    expect(await avatarOf(owner)).toBe(ownerUrl);
    expect((await upload(await png(100, 100))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/user/me/avatar' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/media/uploads/avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });
});
