// Image bombs (ADR 055): a PNG of a few kilobytes that claims 16000 × 16000 pixels is refused on
// every upload path by its header, before it is decoded, with a 400 'imagePixels' field error the
// web words in ja and en; nothing is stored. An image of exactly UPLOAD_IMAGE_MAX_PIXELS is taken.
import { UPLOAD_IMAGE_MAX_PIXELS, type api } from '@kifu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { campaignDashboard } from './helpers/campaign-dashboard';
import { pixelBombPng } from './helpers/multipart-image';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { call, upload, signUp, newDraft } = campaignDashboard(() => t);

/** Every route that takes an image (each calls uploadedFile and toWebp in apps/api/src/media/uploaded-image.ts). */
async function uploadPaths(owner: string): Promise<{ campaignId: number; paths: string[] }> {
  const id = (await newDraft(owner)).id;
  const created = async (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) => {
    const response = await call<{ id: number }>(method, url, owner, body);
    expect(response.status, url).toBeLessThan(300);
    return response.body.id;
  };
  const rewardId = await created('POST', `/campaign/${id}/rewards/`, {
    title: 'お礼状',
    description: '届きます。',
    amount: 3_000,
    stock: 10,
    shipping_month: '2027-03',
    lang: 'ja',
  });
  const usageId = await created('POST', '/campaign/usage/', {
    title: '食材費',
    description: '食材',
    amount: 30_000,
    campaign: id,
    lang: 'ja',
  });
  const authorId = await created('PUT', `/campaign/${id}/custom-author/`, { name: '山田 花子', lang: 'ja' });
  const reportId = await created('POST', `/campaign/${id}/reports/`, { title: '報告', lang: 'ja' });
  const paths = [
    '/user/me/avatar',
    `/campaign/${id}/main-visual/`,
    `/campaign/${id}/upload-story-image/`,
    `/campaign/${id}/rewards/${rewardId}/image/`,
    `/campaign/usage/${usageId}/image/`,
    `/campaign/custom-author/${authorId}/image/`,
    `/campaign/${id}/reports/upload-image/`,
    `/campaign/${id}/reports/${reportId}/main-visual/`,
  ];
  return { campaignId: id, paths };
}

describe('an image with more pixels than any page needs', () => {
  it('a 16000 × 16000 PNG of 31 KB is refused on every upload path with imagePixels, and nothing is stored', async () => {
    const bomb = pixelBombPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const owner = await signUp();
    const { campaignId, paths } = await uploadPaths(owner);
    const campaignBefore = await call('GET', `/campaign/${campaignId}/edit/`, owner);
    for (const path of paths) {
      const refused = await upload<api.ErrorBody>(path, owner, bomb);
      expect([path, refused.status, refused.body.code, refused.body.fields]).toEqual([
        path,
        400,
        'validation_failed',
        { file: ['imagePixels'] },
      ]);
    }
    const me = await call<{ avatarImage: { file: string | null } }>('GET', '/user/me/', owner);
    expect(me.body.avatarImage.file).toBeNull();
    expect((await call('GET', `/campaign/${campaignId}/edit/`, owner)).body).toEqual(campaignBefore.body);
  });

  it('one pixel over the bound is refused; an image of exactly the bound is taken', async () => {
    const owner = await signUp();
    const side = Math.sqrt(UPLOAD_IMAGE_MAX_PIXELS);
    expect(Number.isInteger(side)).toBe(true);
    const over = await upload<api.ErrorBody>('/user/me/avatar', owner, pixelBombPng(side + 1, side));
    expect([over.status, over.body.fields]).toEqual([400, { file: ['imagePixels'] }]);
    expect((await upload('/user/me/avatar', owner, pixelBombPng(side, side))).status).toBe(200);
  });
});
