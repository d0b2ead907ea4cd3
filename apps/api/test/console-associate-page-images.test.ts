// The organisation's images from its page editor (ADR 070): owners and staff upload the logo and
// the main visual, which the public page shows at once, and the issuer's seal, which its receipts
// print beside its name (rendered by poppler here and looked at) and which only its members can
// read back; the seal can be taken off again. Each route as owner, staff, viewer, a member of
// another associate, a plain user and anonymous; a file that is no image, or too large, is a 400
// naming the field, and nothing changes.
import { PaymentMethodId, type api } from '@kifu/domain';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associates, donations, donors, jobs } from '../src/db/schema/index';
import { REFRESH_PUBLIC_PAGES_JOB } from '../src/public-pages/refresh-public-pages';
import { SEAL_BOX_SIZE } from '../src/receipts/draw-receipt';
import { issueGiftReceipt } from '../src/receipts/issue-receipt';
import { PAGE_MARGIN } from '../src/receipts/pdf-document';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { consoleCallers } from './helpers/console-callers';
import { clientAddress } from './helpers/donation-requests';
import { multipartFile, pngImage } from './helpers/multipart-image';
import { pdfText, renderedPixels } from './helpers/pdf-text';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
const UID = 'console-test-images';
let associateId: number;
let receiptId: number;
type Caller = 'owner' | 'staff' | 'viewer' | 'otherMember' | 'plain';
const tokens = {} as Record<Caller, string>;
const imageUrl = (kind: string) => `/associate/${UID}/console/page/images/${kind}/`;

async function call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, upload?: Buffer) {
  const file = upload ? multipartFile(upload) : undefined;
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...file?.headers },
    payload: file?.payload,
    remoteAddress: clientAddress(),
  });
  return {
    status: response.statusCode,
    body: (String(response.headers['content-type'] ?? '').includes('json') ? response.json() : null) as T & api.ErrorBody,
    raw: response.rawPayload,
    headers: response.headers,
  };
}

/** A media URL's path at the API (MEDIA_BASE_URL is the web's /backend proxy in the tests). */
const pathOf = (url: string) => url.replace(/^(https?:\/\/[^/]+)?\/backend/, '');
const row = async () => (await t.database.db.select().from(associates).where(eq(associates.id, associateId)))[0]!;
const publicPage = async () => (await call<api.AssociateDetail>('GET', `/associate/${UID}/`)).body;
/** A red 角印: a square ring with the organisation's mark inside, on a transparent ground. */
const redSeal = () =>
  sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect x="15" y="15" width="270" height="270" fill="none" stroke="#c8102e" stroke-width="24"/><rect x="90" y="90" width="120" height="120" fill="#c8102e"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/** The staff copy of the associate's receipt, its first page as pixels, and where the seal's box is. */
async function receiptPixels() {
  const pdf = await call('GET', `/associate/${UID}/console/receipts/${receiptId}/pdf/`, tokens.owner);
  expect(pdf.status).toBe(200);
  const page = await renderedPixels(pdf.raw);
  let red = 0;
  let redOutsideBox = 0;
  const boxLeft = page.width - PAGE_MARGIN - SEAL_BOX_SIZE;
  for (let index = 0; index < page.rgb.length; index += 3) {
    const [r, g, b] = [page.rgb[index]!, page.rgb[index + 1]!, page.rgb[index + 2]!];
    if (r > 150 && g < 90 && b < 110) {
      red += 1;
      const x = (index / 3) % page.width;
      if (x < boxLeft - 1 || x > page.width - PAGE_MARGIN + 1) redOutsideBox += 1;
    }
  }
  return { red, redOutsideBox, text: await pdfText(pdf.raw) };
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_READ_CACHE_MS: '60000' });
  const db = t.database.db;
  ({ id: associateId } = (
    await db
      .insert(associates)
      .values({
        uid: UID,
        name: '印影試験の会',
        organisationType: 2,
        certificationNumber: '第77号',
        certifiedOn: '2021-04-01',
        certificationExpiresOn: '2026-03-31',
        certificationAuthority: '東京都',
        logoPath: 'demo/logo/images.svg',
        mainVisualPath: 'demo/visual/images.svg',
      })
      .returning()
  )[0]!);
  Object.assign(tokens, await consoleCallers(t, db, associateId));
  const [donor] = await db
    .insert(donors)
    .values({
      email: uniqueEmail('seal-donor'),
      lastName: '佐藤',
      firstName: '花',
      zipCode: '1000001',
      area: '東京都',
      city: '千代田区',
      address1: '1-1',
    })
    .returning();
  const [gift] = await db
    .insert(donations)
    .values({
      associateId,
      type: 1,
      amount: 5_000,
      commission: 250,
      transferAmount: 4_750,
      paymentMethod: PaymentMethodId.CREDIT_CARD,
      status: 'paid',
      paidAt: new Date(Date.now() - 86_400_000),
      donorId: donor!.id,
      needReceipt: true,
    })
    .returning();
  receiptId = (await issueGiftReceipt(db, gift!.id, { handOut: true })).receipt.id;
}, 120_000);
afterAll(() => t?.close());

describe("the organisation's images", () => {
  it('only owners and staff upload; the others are refused and nothing changes', async () => {
    const image = await pngImage(800, 400);
    const before = await row();
    expect((await call('POST', imageUrl('logo'), tokens.viewer, image)).status).toBe(403);
    expect((await call('POST', imageUrl('logo'), tokens.otherMember, image)).status).toBe(404);
    expect((await call('POST', imageUrl('logo'), tokens.plain, image)).status).toBe(404);
    expect((await call('POST', imageUrl('logo'), undefined, image)).status).toBe(401);
    expect((await call('DELETE', imageUrl('seal'), tokens.viewer)).status).toBe(403);
    expect((await call('DELETE', imageUrl('seal'), tokens.otherMember)).status).toBe(404);
    expect((await call('DELETE', imageUrl('seal'), tokens.plain)).status).toBe(404);
    expect((await call('DELETE', imageUrl('seal'))).status).toBe(401);
    expect(await row()).toEqual(before);
  });

  it('a new logo and main visual show on the public page at once, stored as WebP at their sizes', async () => {
    expect((await publicPage()).logo_url).toContain('demo/logo/images.svg'); // read, and so kept
    await t.database.db.delete(jobs).where(eq(jobs.kind, REFRESH_PUBLIC_PAGES_JOB));

    const logo = await call<api.EditableAssociatePage>('POST', imageUrl('logo'), tokens.owner, await pngImage(1000, 500));
    expect(logo.status).toBe(200);
    expect(logo.body.logo_url).toMatch(/\/uploads\/associates\/\d+-[0-9a-f]{16}\.webp$/);
    const visual = await call<api.EditableAssociatePage>('POST', imageUrl('main_visual'), tokens.staff, await pngImage(2000, 2000));
    expect(visual.status).toBe(200);

    const shown = await publicPage();
    expect(shown.logo_url).toBe(logo.body.logo_url);
    expect(shown.main_visual_url).toBe(visual.body.main_visual_url);
    // The web's pages are told too (one refresh waiting covers both changes: the job is deduplicated).
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, REFRESH_PUBLIC_PAGES_JOB))).toHaveLength(1);
    // The logo keeps its shape (fitted, not cropped); the visual is the page's 40:21 banner.
    const served = await call('GET', pathOf(shown.logo_url));
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.raw).metadata()).toMatchObject({ format: 'webp', width: 512, height: 256 });
    const banner = await call('GET', pathOf(shown.main_visual_url));
    expect(await sharp(banner.raw).metadata()).toMatchObject({ width: 1600, height: 840 });

    // Replacing the logo removes the old file.
    const again = await call<api.EditableAssociatePage>('POST', imageUrl('logo'), tokens.owner, await pngImage(300, 300));
    expect((await call('GET', pathOf(shown.logo_url))).status).toBe(404);
    expect((await call('GET', pathOf(again.body.logo_url))).status).toBe(200);
  });

  it('a file that is not an image, too large, or of an unknown kind is a 400 naming the field, and nothing changes', async () => {
    const before = await row();
    const notImage = await call('POST', imageUrl('logo'), tokens.owner, Buffer.from('%PDF-1.4 not an image'));
    expect(notImage.status).toBe(400);
    expect(notImage.body.fields).toEqual({ file: ['value'] });
    const tooLarge = await call('POST', imageUrl('main_visual'), tokens.owner, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.fields).toEqual({ file: ['max'] });
    // The rule keys are what the console words in either language (the domain's catalogue).
    expect(fieldErrorMessage('value', 'ロゴ', 'ja')).toBe('ロゴの値が正しくありません。');
    expect(fieldErrorMessage('max', 'Logo', 'en', { max: '5 MB' })).toBe('Logo must be 5 MB or less.');
    expect((await call('POST', imageUrl('banner'), tokens.owner, await pngImage(100, 100))).status).toBe(400);
    const withoutFile = await t.app.inject({
      method: 'POST',
      url: imageUrl('seal'),
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      payload: { path: 'uploads/seals/1-0000000000000000.webp' },
      remoteAddress: clientAddress(),
    });
    expect(withoutFile.statusCode).toBe(400);
    expect(await row()).toEqual(before);
  });

  it('the seal is printed on the receipts beside the issuer, read back by members only, and can be taken off', async () => {
    const unsealed = await receiptPixels();
    expect(unsealed.red).toBe(0);

    const sealed = await call<api.EditableAssociatePage>('POST', imageUrl('seal'), tokens.staff, await redSeal());
    expect(sealed.status).toBe(200);
    const sealUrl = sealed.body.seal_url!;
    expect(sealUrl).toMatch(new RegExp(`^/associate/${UID}/console/page/seal/\\d+-[0-9a-f]{16}\\.webp$`));
    expect((await row()).sealPath).toMatch(/^uploads\/seals\//);

    // Its members read it; nobody else, and not through the public media route.
    for (const as of ['owner', 'staff', 'viewer'] as const) {
      const read = await call('GET', sealUrl, tokens[as]);
      expect(read.status).toBe(200);
      expect(read.headers['content-type']).toBe('image/webp');
      expect(read.headers['cache-control']).toBe('private, no-store');
    }
    expect((await call('GET', sealUrl, tokens.otherMember)).status).toBe(404);
    expect((await call('GET', sealUrl, tokens.plain)).status).toBe(404);
    expect((await call('GET', sealUrl)).status).toBe(401);
    expect((await call('GET', `/media/${(await row()).sealPath}`)).status).toBe(400);
    expect((await publicPage()).logo_url).not.toContain('seal');

    // Drawn in its box at the right margin, beside the issuer's name, and nowhere else.
    const printed = await receiptPixels();
    expect(printed.red).toBeGreaterThan(400);
    expect(printed.redOutsideBox).toBe(0);
    expect(printed.text).toContain('印影試験の会');
    // The certification's expiry is printed with its other facts (ADR 070).
    expect(printed.text).toMatch(/認定の有効期間の満了日\s+2026年3月31日/);

    const removed = await call<api.EditableAssociatePage>('DELETE', imageUrl('seal'), tokens.owner);
    expect(removed.status).toBe(200);
    expect(removed.body.seal_url).toBeNull();
    expect((await call('GET', sealUrl, tokens.owner)).status).toBe(404);
    expect((await receiptPixels()).red).toBe(0);
  });
});
