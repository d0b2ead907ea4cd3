// Making and running a campaign (ADR 036): a supporter starts a draft for an associate from its
// template, edits it on the dashboard (dates by 'Cannot be set before today.', the story sanitised,
// the main visual uploaded), releases it once every check is met and returns it to private. Only
// its owner and the associate's members see or change it; a draft is invisible to everyone else,
// in the API's lists, pages and sitemap alike.
import { api, japanToday } from '@kifu/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { campaignDashboard, dayFromToday, DASHBOARD_ASSOCIATE_UID } from './helpers/campaign-dashboard';
import { demoSignIn } from './helpers/demo-sign-in';
import { clientAddress } from './helpers/donation-requests';
import { multipartFile, pngImage } from './helpers/multipart-image';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { call, upload, signUp, newDraft, completeDraft, releaseApproved } = campaignDashboard(() => t);
const ASSOCIATE_UID = DASHBOARD_ASSOCIATE_UID;
const uploadMainVisual = (id: number, token: string, bytes: Buffer, filename?: string) =>
  upload(`/campaign/${id}/main-visual/`, token, bytes, filename);

describe('starting a campaign', () => {
  it('a supporter starts a birthday draft from the template; it is theirs, private, and counted as a draft', async () => {
    const token = await signUp();
    const templates = await call<api.CampaignTemplateList>('GET', `/associate/${ASSOCIATE_UID}/campaign-templates/?lang=en`, token);
    expect(templates.status).toBe(200);
    // A supporter may start a birthday or a challenge campaign; the associate's members any type.
    expect(templates.body.allowed_types).toEqual([1, 2]);
    expect([...new Set(templates.body.results.map((template) => template.type))]).toEqual([1, 2]);
    expect(templates.body.results.some((template) => /birthday/i.test(template.title))).toBe(true);

    const draft = await newDraft(token);
    expect(draft).toMatchObject({ status: 'draft', type: 1, role: 'owner', has_own_main_visual: false, start_on: japanToday(new Date()) });
    expect(draft.title).toContain('誕生日');
    expect(draft.story_html).toMatch(/^<p>/);
    expect(draft.release_checks).toMatchObject({ title: true, mainVisual: false, endDate: false });

    const mine = await call<api.MyCampaignList>('GET', '/user/my_page/campaigns/?lang=ja', token);
    expect(mine.body.draft_count).toBe(1);
    expect(mine.body.results.map((campaign) => [campaign.id, campaign.status, campaign.role])).toEqual([[draft.id, 'draft', 'owner']]);
    expect((await call<{ draftCampaignCount: number }>('GET', '/user/me/', token)).body.draftCampaignCount).toBe(1);
  });

  it('a supporter may not start an organisation type; a member may; an unknown associate or template is refused', async () => {
    const token = await signUp();
    const refused = await call<api.ErrorBody>('POST', '/campaign/', token, {
      associate_uid: ASSOCIATE_UID,
      type: 6,
      template_id: null,
      lang: 'ja',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.fields?.type).toEqual(['value']);
    const { token: member } = await demoSignIn(t, 'hanako');
    const reward = await call('POST', '/campaign/', member, { associate_uid: ASSOCIATE_UID, type: 6, template_id: null, lang: 'ja' });
    expect(reward.status).toBe(201);
    expect(reward.body).toMatchObject({ type: 6, role: 'owner', title: '' });
    expect((await call('POST', '/campaign/', token, { associate_uid: 'no-such-associate', type: 1, lang: 'ja' })).status).toBe(404);
    const otherTemplate = await call<api.ErrorBody>('POST', '/campaign/', token, {
      associate_uid: ASSOCIATE_UID,
      type: 2,
      template_id: 1,
      lang: 'ja',
    });
    expect(otherTemplate.status).toBe(400);
    expect((await call('POST', '/campaign/', undefined, { associate_uid: ASSOCIATE_UID, type: 1, lang: 'ja' })).status).toBe(401);
  });
});

describe('who may see and change it', () => {
  it("its owner and the associate's managing members; a viewer of the associate, another user and strangers find nothing", async () => {
    const owner = await signUp();
    const draft = await newDraft(owner);
    const { token: member } = await demoSignIn(t, 'hanako');
    const { token: otherMember } = await demoSignIn(t, 'kenta');
    // A viewer reads the associate's console and runs none of its campaigns (ADR 060).
    const { token: viewer } = await demoSignIn(t, 'takumi');
    const stranger = await signUp();

    expect((await call('GET', `/campaign/${draft.id}/edit/`, owner)).body.role).toBe('owner');
    const asMember = await call('GET', `/campaign/${draft.id}/edit/`, member);
    expect(asMember.status).toBe(200);
    expect(asMember.body.role).toBe('member');
    expect(asMember.body.allowed_types).toEqual([1, 2, 3, 4, 5, 6]);
    for (const token of [stranger, otherMember, viewer]) {
      expect((await call('GET', `/campaign/${draft.id}/edit/`, token)).status).toBe(404);
      expect((await call('PATCH', `/campaign/${draft.id}/edit/`, token, { title: 'taken over', lang: 'ja' })).status).toBe(404);
      expect((await call('POST', `/campaign/${draft.id}/release/`, token, { lang: 'ja' })).status).toBe(404);
      expect((await call('POST', `/campaign/${draft.id}/to_private/`, token, { lang: 'ja' })).status).toBe(404);
      expect((await uploadMainVisual(draft.id, token, await pngImage(400, 300))).status).toBe(404);
    }
    expect((await call('GET', `/campaign/${draft.id}/edit/`)).status).toBe(401);
    expect((await call('PATCH', `/campaign/${draft.id}/edit/`, undefined, { title: 'x', lang: 'ja' })).status).toBe(401);
    expect((await call('GET', `/campaign/${draft.id}/edit/`, owner)).body.title).not.toBe('taken over');
    // The member sees it among their associate's campaigns.
    const listed = await call<api.MyCampaignList>('GET', '/user/my_page/campaigns/?lang=ja', member);
    expect(listed.body.results.find((campaign) => campaign.id === draft.id)?.role).toBe('member');
    expect((await call<api.MyCampaignList>('GET', '/user/my_page/campaigns/?lang=ja', stranger)).body.results).toEqual([]);
    const viewersList = await call<api.MyCampaignList>('GET', '/user/my_page/campaigns/?lang=ja', viewer);
    expect(viewersList.body.results.find((campaign) => campaign.id === draft.id)).toBeUndefined();
  });

  // The web's sitemap lists what GET /campaign/ lists (apps/web/src/app/sitemap.ts).
  it('a draft is nowhere in public: not its page, not the list the sitemap is made from', async () => {
    const owner = await signUp();
    const draft = await newDraft(owner);
    await call('PATCH', `/campaign/${draft.id}/edit/`, owner, { title: '非公開の下書きキャンペーン', lang: 'ja' });
    expect((await call('GET', `/campaign/${draft.id}/?lang=ja`)).status).toBe(404);
    const list = await call<api.CampaignList>('GET', `/campaign/?lang=ja&associate=${ASSOCIATE_UID}&page_size=100`);
    expect(list.body.count).toBeGreaterThan(0);
    expect(list.body.results.map((campaign) => campaign.id)).not.toContain(draft.id);
  });

  it('its preview is the public page as it will be once released, for its team only', async () => {
    const owner = await signUp();
    const draft = await newDraft(owner);
    await call('PATCH', `/campaign/${draft.id}/edit/`, owner, { title: '下書き', title_en: 'A draft', lang: 'ja' });
    const { token: member } = await demoSignIn(t, 'hanako');
    for (const token of [owner, member]) {
      const preview = await call<api.CampaignDetail>('GET', `/campaign/${draft.id}/preview/?lang=en`, token);
      expect(preview.status).toBe(200);
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(api.campaignDetail.parse(preview.body)).toMatchObject({ id: draft.id, title: 'A draft', status: 'published' });
    }
    for (const token of [await signUp(), (await demoSignIn(t, 'kenta')).token])
      expect((await call('GET', `/campaign/${draft.id}/preview/?lang=ja`, token)).status).toBe(404);
    expect((await call('GET', `/campaign/${draft.id}/preview/?lang=ja`)).status).toBe(401);
    expect((await call('GET', `/campaign/2147483648/preview/?lang=ja`, owner)).status).toBe(400);
    expect((await call('GET', `/campaign/${draft.id}/?lang=ja`)).status).toBe(404);
  });
});

describe('editing', () => {
  it('dates may not be before today, the end not before the start, nor more than a year on; nothing changes then', async () => {
    const owner = await signUp();
    const draft = await newDraft(owner);
    const past = await call<api.ErrorBody>('PATCH', `/campaign/${draft.id}/edit/`, owner, {
      start_on: dayFromToday(-1),
      end_on: dayFromToday(-1),
      title: 'changed with a bad date',
      lang: 'ja',
    });
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ start_on: ['pastDate'], end_on: ['pastDate'] });
    expect((await call('GET', `/campaign/${draft.id}/edit/`, owner)).body.title).toBe(draft.title);

    const reversed = await call<api.ErrorBody>('PATCH', `/campaign/${draft.id}/edit/`, owner, {
      start_on: dayFromToday(10),
      end_on: dayFromToday(5),
      lang: 'ja',
    });
    expect(reversed.body.fields).toEqual({ end_on: ['endBeforeStart'] });
    const tooLong = await call<api.ErrorBody>('PATCH', `/campaign/${draft.id}/edit/`, owner, { end_on: dayFromToday(400), lang: 'ja' });
    expect(tooLong.body.fields).toEqual({ end_on: ['tooLong'] });

    const fine = await call('PATCH', `/campaign/${draft.id}/edit/`, owner, {
      start_on: dayFromToday(1),
      end_on: dayFromToday(31),
      lang: 'ja',
    });
    expect(fine.status).toBe(200);
    expect(fine.body).toMatchObject({ start_on: dayFromToday(1), end_on: dayFromToday(31) });
    // Today is allowed, and an end date can be taken away again.
    const today = await call('PATCH', `/campaign/${draft.id}/edit/`, owner, { start_on: dayFromToday(0), end_on: null, lang: 'ja' });
    expect(today.body).toMatchObject({ start_on: dayFromToday(0), end_on: null });
  });

  it('keeps the story to what a story needs: no scripts, handlers, styles, frames or other hosts’ images', async () => {
    const owner = await signUp();
    const draft = await newDraft(owner);
    const edited = await call('PATCH', `/campaign/${draft.id}/edit/`, owner, {
      story_html:
        '<h1 onclick="alert(1)">見出し</h1><p style="color:red">本文<script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
        '<a href="https://example.org/">リンク</a></p><iframe src="https://evil.example/"></iframe>' +
        '<img src="https://evil.example/x.png" onerror="alert(1)"><ul><li>一</li></ul>',
      lang: 'ja',
    });
    expect(edited.status).toBe(200);
    const html = edited.body.story_html;
    expect(html).not.toMatch(/script|onclick|onerror|style=|iframe|javascript:|evil\.example/);
    expect(html).toContain('<h2>見出し</h2>');
    expect(html).toContain('<a href="https://example.org/" rel="noopener noreferrer nofollow" target="_blank">リンク</a>');
    expect(html).toContain('<ul><li>一</li></ul>');
  });

  it('keeps an image uploaded for the story, served from /media', async () => {
    const owner = await signUp();
    const draft = await newDraft(owner);
    const body = multipartFile(await pngImage(3000, 2000));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/campaign/${draft.id}/upload-story-image/`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${owner}` },
      remoteAddress: clientAddress(),
    });
    expect(uploaded.statusCode).toBe(200);
    const { url } = uploaded.json() as api.UploadedImageBody;
    const served = await t.app.inject({ url: url.replace('/backend', '') });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    const edited = await call('PATCH', `/campaign/${draft.id}/edit/`, owner, {
      story_html: `<p>写真</p><img src="${url}" alt="食卓">`,
      lang: 'ja',
    });
    expect(edited.body.story_html).toBe(`<p>写真</p><img src="${url}" alt="食卓" />`);
  });

  it('bounds what is typed: a title too long, a goal too small, NUL bytes, hostile ids', async () => {
    const owner = await signUp();
    const draft = await newDraft(owner);
    const long = await call<api.ErrorBody>('PATCH', `/campaign/${draft.id}/edit/`, owner, {
      title: 'あ'.repeat(81),
      goal_amount: 10,
      lang: 'ja',
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toMatchObject({ title: ['maxLength'], goal_amount: ['min'] });
    const nul = await call<api.ErrorBody>('PATCH', `/campaign/${draft.id}/edit/`, owner, { summary: 'a\u0000b', lang: 'ja' });
    expect(nul.status).toBe(400);
    for (const id of ['2147483648', '0', 'abc']) expect((await call('GET', `/campaign/${id}/edit/`, owner)).status).toBe(400);
    expect((await call('GET', `/campaign/${api.ROW_ID_MAX}/edit/`, owner)).status).toBe(404);
  });

  it('takes a main visual by its bytes, as a 40:21 WebP served from /media; a file that is no image is refused', async () => {
    const owner = await signUp();
    const draft = await newDraft(owner);
    const uploaded = await uploadMainVisual(draft.id, owner, await pngImage(2400, 1600));
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.has_own_main_visual).toBe(true);
    const served = await t.app.inject({ url: uploaded.body.main_visual_url.replace('/backend', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 840 });
    const notImage = await uploadMainVisual(draft.id, owner, Buffer.from('%PDF-1.4 not an image'), 'visual.png');
    expect(notImage.status).toBe(400);
    expect(notImage.body.fields?.file).toEqual(['value']);
  });
});

describe('release and return to private', () => {
  it('is refused with the unmet checks listed, then released once complete, public, and private again on request', async () => {
    const owner = await signUp();
    const draft = await newDraft(owner);
    const early = await call<api.ErrorBody>('POST', `/campaign/${draft.id}/release/`, owner, { lang: 'ja' });
    expect(early.status).toBe(409);
    expect(early.body.fields?.release).toEqual(expect.arrayContaining(['summary', 'mainVisual', 'endDate']));
    expect((await call('GET', `/campaign/${draft.id}/?lang=ja`)).status).toBe(404);

    await completeDraft(draft.id, owner);
    const ready = await call('GET', `/campaign/${draft.id}/edit/`, owner);
    expect(Object.values(ready.body.release_checks).every(Boolean)).toBe(true);
    // A supporter's campaign goes public once its associate approves it (ADR 069).
    await releaseApproved(draft.id, owner);
    const released = await call('GET', `/campaign/${draft.id}/edit/`, owner);
    expect(released.body.status).toBe('published');
    expect(released.body.released_at).not.toBeNull();

    const page = await call<api.CampaignDetail>('GET', `/campaign/${draft.id}/?lang=ja`);
    expect(page.status).toBe(200);
    expect(page.body.story_html).toContain('<h2>はじめに</h2>');
    expect(page.body.body).toContain('今年の誕生日は');
    // Its type cannot change once released.
    expect((await call('PATCH', `/campaign/${draft.id}/edit/`, owner, { type: 2, lang: 'ja' })).status).toBe(409);

    const hidden = await call('POST', `/campaign/${draft.id}/to_private/`, owner, { lang: 'ja' });
    expect(hidden.body.status).toBe('draft');
    expect((await call('GET', `/campaign/${draft.id}/?lang=ja`)).status).toBe(404);
  });

  it('two releases at once make one release', async () => {
    const { token: owner } = await demoSignIn(t, 'hanako');
    const draft = await newDraft(owner);
    await completeDraft(draft.id, owner);
    const [first, second] = await Promise.all([
      call('POST', `/campaign/${draft.id}/release/`, owner, { lang: 'ja' }),
      call('POST', `/campaign/${draft.id}/release/`, owner, { lang: 'ja' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.released_at).toBe(second.body.released_at);
  });
});
