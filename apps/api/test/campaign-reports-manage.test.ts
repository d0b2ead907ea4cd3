// Reporting back (ADR 036): a campaign's team writes a report as a draft and publishes it once the
// campaign is released; publishing mails each supporter once, in their language, not those who
// turned such mail off, and never twice. Report dates cannot be before today. The team answers or
// hides supporters' messages, and the public page follows. A supporter's own fundraiser for a
// public campaign shows on the parent with its share. Every call is the owner's and the associate's
// members' only: anyone else finds nothing (404), and nobody signed out gets in (401).
import { api, CAMPAIGN_LIMITS, DonationType, PaymentMethodId } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueReportPublishedMails } from '../src/campaigns/manage/report-published-mails';
import { campaignReports, campaigns, donationMessages, donations, donors, mailOutbox, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { campaignDashboard, dayFromToday } from './helpers/campaign-dashboard';
import { demoSignIn } from './helpers/demo-sign-in';
import { pngImage } from './helpers/multipart-image';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { call, upload, signUp, newDraft, completeDraft, releaseApproved } = campaignDashboard(() => t);
const db = () => t.database.db;
type Report = api.EditableCampaign['reports'][number];
type Schedule = api.EditableCampaign['schedules'][number];

/** Released through the dashboard, its release checks met: for the tests about releasing. */
async function releasedCampaign() {
  const owner = await signUp();
  const draft = await newDraft(owner);
  await completeDraft(draft.id, owner);
  await releaseApproved(draft.id, owner);
  return { owner, id: draft.id };
}

/** Released by setting its status, where the test is about something else. */
async function quicklyReleased(owner?: string) {
  const token = owner ?? (await signUp());
  const { id } = await newDraft(token);
  await db().update(campaigns).set({ status: 'published', releasedAt: new Date() }).where(eq(campaigns.id, id));
  return { owner: token, id };
}

async function accountOf(token: string) {
  const me = await call<{ id: number; email: string }>('GET', '/user/me/', token);
  return me.body;
}

interface Giver {
  userId?: number;
  email: string;
  inEnglish?: boolean;
  amount?: number;
  status?: 'paid' | 'pending' | 'failed';
  message?: string;
}

/** A gift to the campaign (paid unless told): by a member (userId) or a guest with an email. */
async function gift(campaignId: number, giver: Giver) {
  const [donor] = await db()
    .insert(donors)
    .values({ email: giver.email, lastName: '山田', firstName: '花子' })
    .returning({ id: donors.id });
  const status = giver.status ?? 'paid';
  const [row] = await db()
    .insert(donations)
    .values({
      associateId: 1,
      campaignId,
      userId: giver.userId ?? null,
      donorId: donor!.id,
      amount: giver.amount ?? 5_000,
      type: DonationType.CAMPAIGN,
      paymentMethod: PaymentMethodId.CREDIT_CARD,
      status,
      paidAt: status === 'paid' ? new Date() : null,
      inEnglish: giver.inEnglish ?? false,
      isUser: giver.userId !== undefined,
    })
    .returning({ id: donations.id });
  if (!giver.message) return { donationId: row!.id, messageId: null };
  const [message] = await db()
    .insert(donationMessages)
    .values({
      donationId: row!.id,
      associateId: 1,
      campaignId,
      type: DonationType.CAMPAIGN,
      message: giver.message,
      publishedFrom: 'はなこ',
    })
    .returning({ id: donationMessages.id });
  return { donationId: row!.id, messageId: message!.id };
}

const mailsTo = (email: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'campaign-report-published')));

const draftReport = async (campaignId: number, token: string, body: Record<string, unknown> = {}) => {
  const created = await call<Report>('POST', `/campaign/${campaignId}/reports/`, token, { title: '報告', lang: 'ja', ...body });
  expect(created.status).toBe(201);
  return created.body;
};
const newSchedule = async (campaignId: number, token: string, days = 30) => {
  const created = await call<Schedule>('POST', '/campaign/report-schedule/', token, {
    campaign: campaignId,
    title: '報告予定',
    due_on: dayFromToday(days),
    lang: 'ja',
  });
  expect(created.status).toBe(201);
  return created.body;
};

describe('who may call', () => {
  let fixture: { id: number; owner: string; member: string; stranger: string; messageId: number; png: Buffer };
  beforeAll(async () => {
    const owner = await signUp();
    const { id } = await newDraft(owner);
    const { messageId } = await gift(id, { email: uniqueEmail('messenger'), message: '応援しています' });
    fixture = {
      id,
      owner,
      member: (await demoSignIn(t, 'hanako')).token,
      stranger: await signUp(),
      messageId: messageId!,
      png: await pngImage(1200, 630),
    };
  });

  // Each call makes its own target (as the owner) so that deleting one leaves the next caller one.
  const routes: { name: string; ok: number; send: (token: string | undefined) => Promise<{ status: number }> }[] = [
    { name: 'write a report', ok: 201, send: (token) => call('POST', `/campaign/${fixture.id}/reports/`, token, { title: 'x' }) },
    {
      name: 'change a report',
      ok: 200,
      send: async (token) =>
        call('PATCH', `/campaign/${fixture.id}/reports/${(await draftReport(fixture.id, fixture.owner)).id}/`, token, { title: 'y' }),
    },
    {
      name: 'delete a draft report',
      ok: 204,
      send: async (token) => call('DELETE', `/campaign/${fixture.id}/reports/${(await draftReport(fixture.id, fixture.owner)).id}/`, token),
    },
    {
      name: "upload a report's image",
      ok: 200,
      send: (token) => upload(`/campaign/${fixture.id}/reports/upload-image/`, token, fixture.png),
    },
    {
      name: "upload a report's main visual",
      ok: 200,
      send: async (token) =>
        upload(`/campaign/${fixture.id}/reports/${(await draftReport(fixture.id, fixture.owner)).id}/main-visual/`, token, fixture.png),
    },
    { name: 'list report dates', ok: 200, send: (token) => call('GET', `/campaign/report-schedule/?campaign=${fixture.id}`, token) },
    {
      name: 'promise a report date',
      ok: 201,
      send: (token) => call('POST', '/campaign/report-schedule/', token, { campaign: fixture.id, title: 'x', due_on: dayFromToday(10) }),
    },
    {
      name: 'change a report date',
      ok: 200,
      send: async (token) =>
        call('PATCH', `/campaign/report-schedule/${(await newSchedule(fixture.id, fixture.owner)).id}/`, token, { title: 'y' }),
    },
    {
      name: 'remove a report date',
      ok: 204,
      send: async (token) => call('DELETE', `/campaign/report-schedule/${(await newSchedule(fixture.id, fixture.owner)).id}/`, token),
    },
    { name: "list supporters' messages", ok: 200, send: (token) => call('GET', `/campaign/${fixture.id}/messages/manage/`, token) },
    {
      name: 'answer a message',
      ok: 200,
      send: (token) => call('PATCH', `/campaign/${fixture.id}/messages/${fixture.messageId}/`, token, { reply: 'ありがとう' }),
    },
  ];

  it.each(routes)(
    '$name: the owner and a member of the associate may; another user finds nothing; signed out is refused',
    async (route) => {
      expect((await route.send(undefined)).status).toBe(401);
      expect((await route.send(fixture.stranger)).status).toBe(404);
      expect((await route.send(fixture.member)).status).toBe(route.ok);
      expect((await route.send(fixture.owner)).status).toBe(route.ok);
    },
  );

  it.each([
    ['POST', '/campaign/abc/reports/'],
    ['PATCH', '/campaign/1/reports/0/'],
    ['DELETE', '/campaign/1/reports/-3/'],
    ['POST', '/campaign/1,2/reports/upload-image/'],
    ['POST', '/campaign/1/reports/99999999999999999999/main-visual/'],
    ['GET', '/campaign/report-schedule/?campaign=x'],
    ['GET', '/campaign/report-schedule/'],
    ['PATCH', '/campaign/report-schedule/1.5/'],
    ['DELETE', '/campaign/report-schedule/%00/'],
    ['GET', '/campaign/NaN/messages/manage/'],
    ['GET', '/campaign/1/messages/manage/?page=0'],
    ['PATCH', '/campaign/1/messages/Infinity/'],
    ['GET', '/campaign/support-funding/?campaign=-1'],
    ['GET', '/campaign/support-funding/'],
  ])('%s %s: a hostile id is a 400', async (method, url) => {
    const answer = await call<api.ErrorBody>(method as 'GET', url, fixture.owner, method === 'PATCH' ? {} : undefined);
    expect(answer.status).toBe(400);
  });

  it('a hostile id in a body is a 400 on its field', async () => {
    const schedule = await call<api.ErrorBody>('POST', '/campaign/report-schedule/', fixture.owner, {
      campaign: 'x',
      title: 'x',
      due_on: dayFromToday(1),
    });
    expect(schedule.status).toBe(400);
    expect(Object.keys(schedule.body.fields ?? {})).toEqual(['campaign']);
    const report = await call<api.ErrorBody>('POST', `/campaign/${fixture.id}/reports/`, fixture.owner, {
      title: 'x',
      schedule_ids: [-1],
    });
    expect(report.status).toBe(400);
    const funding = await call('POST', '/campaign/support-funding/', fixture.owner, { campaign: 2 ** 40, type: 1 });
    expect(funding.status).toBe(400);
  });
});

describe('reports', () => {
  it('are drafts until published; publishing mails each supporter once, in their language, none who opted out', async () => {
    const { owner, id } = await releasedCampaign();
    const { userId: kentaId } = await demoSignIn(t, 'kenta');
    const [kenta] = await db().select().from(users).where(eq(users.id, kentaId));
    await gift(id, { userId: kentaId, email: kenta!.email });
    await gift(id, { userId: kentaId, email: kenta!.email });
    // A member reads mail in the language of their account, whatever the gift's.
    const english = await signUp();
    const englishAccount = await accountOf(english);
    await db().update(users).set({ locale: 'en' }).where(eq(users.id, englishAccount.id));
    await gift(id, { userId: englishAccount.id, email: englishAccount.email, inEnglish: false });
    // A guest in the gift's language.
    const guest = uniqueEmail('guest-supporter');
    await gift(id, { email: guest, inEnglish: true });
    await gift(id, { email: guest, inEnglish: true });
    const guestJa = uniqueEmail('guest-ja');
    await gift(id, { email: guestJa });
    // Turned such mail off: not mailed, not even for a gift made as a guest with the same address.
    const optedOut = await signUp();
    const optedOutAccount = await accountOf(optedOut);
    expect((await call('PATCH', '/user/me/', optedOut, { notification_preference: 'not_receive' })).status).toBe(200);
    await gift(id, { userId: optedOutAccount.id, email: optedOutAccount.email });
    const optedOutAsGuest = await accountOf(await signUp());
    await db().update(users).set({ notificationPreference: 'not_receive' }).where(eq(users.id, optedOutAsGuest.id));
    await gift(id, { email: optedOutAsGuest.email });
    // A gift never paid makes no supporter.
    const unpaid = uniqueEmail('unpaid');
    await gift(id, { email: unpaid, status: 'failed' });

    const draft = await call<Report>('POST', `/campaign/${id}/reports/`, owner, {
      title: '12月の活動報告',
      body: '<p>皆さまのご寄付で、<strong>300食</strong>を届けました。</p><script>x</script><img src="x" onerror="alert(1)">',
      lang: 'ja',
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ published_at: null, body: '<p>皆さまのご寄付で、<strong>300食</strong>を届けました。</p>' });
    expect(draft.body.main_visual_url).toContain('demo/report/');
    expect((await call<api.CampaignDetail>('GET', `/campaign/${id}/?lang=ja`)).body.reports).toEqual([]);
    expect((await call('GET', `/campaign/${id}/reports/${draft.body.id}/?lang=ja`)).status).toBe(404);
    expect(await mailsTo(kenta!.email)).toHaveLength(0);

    const published = await call<Report>('PATCH', `/campaign/${id}/reports/${draft.body.id}/`, owner, { publish: true, lang: 'ja' });
    expect(published.status).toBe(200);
    expect(published.body.published_at).not.toBeNull();
    // Publishing again changes nothing and mails nobody.
    const again = await call<Report>('PATCH', `/campaign/${id}/reports/${draft.body.id}/`, owner, { publish: true, lang: 'ja' });
    expect(again.status).toBe(200);
    expect(again.body.published_at).toBe(published.body.published_at);

    const toKenta = await mailsTo(kenta!.email);
    expect(toKenta).toHaveLength(1);
    expect(toKenta[0]).toMatchObject({ locale: 'ja', subject: expect.stringContaining('活動報告') });
    expect(toKenta[0]!.textBody).toContain(`${t.config.WEB_ORIGIN}/campaign/${id}/report/${draft.body.id}`);
    expect(toKenta[0]!.textBody).toContain('12月の活動報告');
    const toEnglish = await mailsTo(englishAccount.email);
    expect(toEnglish).toHaveLength(1);
    expect(toEnglish[0]).toMatchObject({ locale: 'en', subject: expect.stringMatching(/^A report from/) });
    expect(toEnglish[0]!.textBody).toContain(`${t.config.WEB_ORIGIN}/en/campaign/${id}/report/${draft.body.id}`);
    expect((await mailsTo(guest)).map((mail) => mail.locale)).toEqual(['en']);
    expect((await mailsTo(guestJa)).map((mail) => mail.locale)).toEqual(['ja']);
    expect(await mailsTo(optedOutAccount.email)).toHaveLength(0);
    expect(await mailsTo(optedOutAsGuest.email)).toHaveLength(0);
    expect(await mailsTo(unpaid)).toHaveLength(0);

    // A retry of the queueing (a crash after it, say) mails nobody a second time.
    const [row] = await db().select().from(campaignReports).where(eq(campaignReports.id, draft.body.id));
    const requeued = await db().transaction((tx) => queueReportPublishedMails(tx, t.app.mailLinks, row!));
    expect(requeued).toBe(0);
    expect(await mailsTo(kenta!.email)).toHaveLength(1);

    const page = await call<api.CampaignDetail>('GET', `/campaign/${id}/?lang=ja`);
    expect(page.body.reports.map((report) => report.id)).toEqual([draft.body.id]);
    expect((await call('GET', `/campaign/${id}/reports/${draft.body.id}/?lang=ja`)).status).toBe(200);
    // Supporters were told of it: it stays.
    expect((await call('DELETE', `/campaign/${id}/reports/${draft.body.id}/`, owner)).status).toBe(409);
  });

  it('a private campaign cannot publish; a draft report can be deleted', async () => {
    const owner = await signUp();
    const campaign = await newDraft(owner);
    const draft = await draftReport(campaign.id, owner);
    const refused = await call('PATCH', `/campaign/${campaign.id}/reports/${draft.id}/`, owner, { publish: true });
    expect(refused.status).toBe(409);
    expect((await call<api.EditableCampaign>('GET', `/campaign/${campaign.id}/edit/`, owner)).body.reports[0]!.published_at).toBeNull();
    expect((await call('DELETE', `/campaign/${campaign.id}/reports/${draft.id}/`, owner)).status).toBe(204);
    expect((await call('DELETE', `/campaign/${campaign.id}/reports/${draft.id}/`, owner)).status).toBe(404);
  });

  it('a change leaves what it does not name as it was; the body is sanitised on every change', async () => {
    const { owner, id } = await quicklyReleased();
    const schedule = await newSchedule(id, owner);
    const draft = await draftReport(id, owner, { body: '<p>はじめの報告</p>', schedule_ids: [schedule.id] });
    const renamed = await call<Report>('PATCH', `/campaign/${id}/reports/${draft.id}/`, owner, { title: '新しい題' });
    expect(renamed.body).toMatchObject({ title: '新しい題', body: '<p>はじめの報告</p>', schedule_ids: [schedule.id] });
    const published = await call<Report>('PATCH', `/campaign/${id}/reports/${draft.id}/`, owner, { publish: true });
    expect(published.body).toMatchObject({ body: '<p>はじめの報告</p>', schedule_ids: [schedule.id] });
    const unchanged = await call<Report>('PATCH', `/campaign/${id}/reports/${draft.id}/`, owner, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual(published.body);
    const untouchedDate = await call<Schedule>('PATCH', `/campaign/report-schedule/${schedule.id}/`, owner, {});
    expect(untouchedDate.body).toMatchObject({ id: schedule.id, title: schedule.title, report_id: draft.id });
    const rewritten = await call<Report>('PATCH', `/campaign/${id}/reports/${draft.id}/`, owner, {
      body: '<p onclick="steal()">書き直し</p><iframe src="https://example.com"></iframe>',
    });
    expect(rewritten.body.body).toBe('<p>書き直し</p>');
    expect((await call<api.ErrorBody>('PATCH', `/campaign/${id}/reports/${draft.id}/`, owner, { title: '' })).body.fields).toEqual({
      title: ['required'],
    });
  });

  it('take a main visual and body images; a report is found only under its own campaign', async () => {
    const { owner, id } = await quicklyReleased();
    const draft = await draftReport(id, owner);
    const visual = await upload<Report>(`/campaign/${id}/reports/${draft.id}/main-visual/`, owner, await pngImage(1600, 900));
    expect(visual.status).toBe(200);
    expect(visual.body.main_visual_url).not.toContain('demo/');
    const image = await upload<api.UploadedImageBody>(`/campaign/${id}/reports/upload-image/`, owner, await pngImage(800, 600));
    expect(image.body.url).toMatch(/\.webp$/);
    const notImage = await upload(`/campaign/${id}/reports/upload-image/`, owner, Buffer.from('not an image'), 'x.png');
    expect(notImage.status).toBe(400);

    const other = await quicklyReleased(owner);
    expect((await call('PATCH', `/campaign/${other.id}/reports/${draft.id}/`, owner, { title: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/campaign/${other.id}/reports/${draft.id}/`, owner)).status).toBe(404);
    expect((await call('PATCH', `/campaign/${id}/reports/${2 ** 30}/`, owner, { title: 'x' })).status).toBe(404);
  });
});

describe('report dates', () => {
  it('are promised not before today (in Japan), linked to the report that keeps them, and kept once fulfilled', async () => {
    const { owner, id } = await quicklyReleased();
    const past = await call<api.ErrorBody>('POST', '/campaign/report-schedule/', owner, {
      campaign: id,
      title: '1月',
      due_on: dayFromToday(-1),
      lang: 'ja',
    });
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ due_on: ['pastDate'] });
    const noCampaign = await call<api.ErrorBody>('POST', '/campaign/report-schedule/', owner, { title: 'x', due_on: dayFromToday(1) });
    expect(noCampaign.body.fields).toEqual({ campaign: ['required'] });
    const today = await newSchedule(id, owner, 0);
    expect(today.due_on).toBe(dayFromToday(0));
    const moved = await call<api.ErrorBody>('PATCH', `/campaign/report-schedule/${today.id}/`, owner, { due_on: dayFromToday(-2) });
    expect(moved.body.fields).toEqual({ due_on: ['pastDate'] });
    const renamed = await call<Schedule>('PATCH', `/campaign/report-schedule/${today.id}/`, owner, { title: '今日の報告' });
    expect(renamed.body).toMatchObject({ title: '今日の報告', due_on: dayFromToday(0), report_id: null });

    const schedule = await newSchedule(id, owner, 30);
    const report = await draftReport(id, owner, { schedule_ids: [schedule.id] });
    expect(report.schedule_ids).toEqual([schedule.id]);
    await call('PATCH', `/campaign/${id}/reports/${report.id}/`, owner, { publish: true });
    const listed = await call<{ results: Schedule[] }>('GET', `/campaign/report-schedule/?campaign=${id}`, owner);
    expect(listed.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: schedule.id, report_id: report.id }),
        expect.objectContaining({ id: today.id }),
      ]),
    );
    expect((await call('DELETE', `/campaign/report-schedule/${schedule.id}/`, owner)).status).toBe(409);
    expect((await call('DELETE', `/campaign/report-schedule/${today.id}/`, owner)).status).toBe(204);

    // Another campaign's date is not this campaign's to link.
    const other = await quicklyReleased(owner);
    const foreign = await call<api.ErrorBody>('POST', `/campaign/${other.id}/reports/`, owner, {
      title: 'x',
      schedule_ids: [schedule.id],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ schedule_ids: ['value'] });
  });

  it(`are at most ${CAMPAIGN_LIMITS.schedulesMax} a campaign`, async () => {
    const owner = await signUp();
    const { id } = await newDraft(owner);
    for (let i = 0; i < CAMPAIGN_LIMITS.schedulesMax; i++) await newSchedule(id, owner, i + 1);
    const over = await call('POST', '/campaign/report-schedule/', owner, { campaign: id, title: 'x', due_on: dayFromToday(1) });
    expect(over.status).toBe(409);
  });
});

describe("supporters' messages", () => {
  it('are answered or hidden by the team, and the public page follows', async () => {
    const { owner, id } = await quicklyReleased();
    const { messageId: older } = await gift(id, { email: uniqueEmail('first'), message: 'はじめまして' });
    const { messageId } = await gift(id, { email: uniqueEmail('messenger'), message: 'がんばってください！' });
    // A message of a gift never paid is not the team's to see.
    const { messageId: unpaid } = await gift(id, { email: uniqueEmail('unpaid'), message: '未決済', status: 'pending' });
    const list = await call<api.DashboardMessage[] & { results: api.DashboardMessage[] }>('GET', `/campaign/${id}/messages/manage/`, owner);
    expect(list.body.results.map((message) => message.id)).toEqual([messageId, older]);
    expect(list.body.results[0]).toMatchObject({ message: 'がんばってください！', reply: null, hidden: false });
    expect((await call('PATCH', `/campaign/${id}/messages/${unpaid}/`, owner, { reply: 'x' })).status).toBe(404);
    const otherCampaign = await quicklyReleased(owner);
    expect((await call('PATCH', `/campaign/${otherCampaign.id}/messages/${messageId}/`, owner, { reply: 'x' })).status).toBe(404);

    const untouched = await call<api.DashboardMessage>('PATCH', `/campaign/${id}/messages/${messageId}/`, owner, {});
    expect(untouched.body).toEqual(list.body.results[0]);
    const replied = await call<api.DashboardMessage>('PATCH', `/campaign/${id}/messages/${messageId}/`, owner, {
      reply: 'ありがとうございます！',
    });
    expect(replied.body).toMatchObject({ reply: 'ありがとうございます！', hidden: false });
    let page = await call<api.CampaignDetail>('GET', `/campaign/${id}/?lang=ja`);
    expect(page.body.messages.map((item) => [item.message, item.reply])).toEqual([
      ['がんばってください！', 'ありがとうございます！'],
      ['はじめまして', null],
    ]);

    await call('PATCH', `/campaign/${id}/messages/${messageId}/`, owner, { hidden: true });
    page = await call<api.CampaignDetail>('GET', `/campaign/${id}/?lang=ja`);
    expect(page.body.messages.map((item) => item.id)).toEqual([older]);
    expect(page.body.message_count).toBe(1);
    const managed = await call<{ results: api.DashboardMessage[] }>('GET', `/campaign/${id}/messages/manage/`, owner);
    expect(managed.body.results[0]).toMatchObject({ id: messageId, hidden: true, reply: 'ありがとうございます！' });

    // Shown again, the reply taken back.
    const shown = await call<api.DashboardMessage>('PATCH', `/campaign/${id}/messages/${messageId}/`, owner, {
      hidden: false,
      reply: null,
    });
    expect(shown.body).toMatchObject({ hidden: false, reply: null });
    page = await call<api.CampaignDetail>('GET', `/campaign/${id}/?lang=ja`);
    expect(page.body.messages.map((item) => [item.id, item.reply])).toEqual([
      [messageId, null],
      [older, null],
    ]);
    expect(page.body.message_count).toBe(2);
  });
});

describe("a supporter's fundraiser", () => {
  it('is a draft of their own for a public campaign; once released, the parent lists it with its share', async () => {
    const { id: parentId } = await releasedCampaign();
    const supporter = await signUp();
    await call('PATCH', '/user/profile/update_me/', supporter, { nickname: 'さくら' });
    const started = await call('POST', '/campaign/support-funding/', supporter, { campaign: parentId, type: 1, lang: 'ja' });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'draft', role: 'owner', parent: { id: parentId } });
    let list = await call<api.SupportFundingList>('GET', `/campaign/support-funding/?campaign=${parentId}`);
    expect(list.body).toEqual({ campaign_id: parentId, raised_by_children: 0, results: [] });

    await completeDraft(started.body.id, supporter);
    await releaseApproved(started.body.id, supporter);
    await gift(started.body.id, { email: uniqueEmail('friend'), amount: 3_000 });
    await gift(started.body.id, { email: uniqueEmail('friend'), amount: 3_000 });
    await gift(started.body.id, { email: uniqueEmail('late'), amount: 9_000, status: 'pending' });
    // A second fundraiser, by a member of the associate (who may start any type), released in the database.
    const member = await demoSignIn(t, 'hanako');
    const second = await call('POST', '/campaign/support-funding/', member.token, { campaign: parentId, type: 6, lang: 'ja' });
    expect(second.status).toBe(201);
    await db().update(campaigns).set({ status: 'published' }).where(eq(campaigns.id, second.body.id));
    await gift(second.body.id, { email: uniqueEmail('friend'), amount: 2_000 });
    // A third still a draft: not listed.
    expect((await call('POST', '/campaign/support-funding/', await signUp(), { campaign: parentId, type: 1 })).status).toBe(201);

    list = await call<api.SupportFundingList>('GET', `/campaign/support-funding/?campaign=${parentId}&lang=ja`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      campaign_id: parentId,
      raised_by_children: 8_000,
      results: [
        {
          id: started.body.id,
          title: '誕生日に、こども食堂を応援します',
          owner_name: 'さくら',
          raised_amount: 6_000,
          supporter_count: 2,
          share_percent: 75,
        },
        expect.objectContaining({ id: second.body.id, raised_amount: 2_000, supporter_count: 1, share_percent: 25 }),
      ],
    });
    expect((await call<api.CampaignDetail>('GET', `/campaign/${started.body.id}/?lang=ja`)).body.parent?.id).toBe(parentId);
    // A fundraiser does not take fundraisers of its own.
    expect((await call('POST', '/campaign/support-funding/', supporter, { campaign: started.body.id, type: 1 })).status).toBe(409);
  });

  it('is refused for a campaign that is not public (404), a type the user may not start (403), and signed out (401)', async () => {
    const { id: parentId } = await quicklyReleased();
    const supporter = await signUp();
    expect((await call('POST', '/campaign/support-funding/', supporter, { campaign: parentId, type: 6, lang: 'ja' })).status).toBe(403);
    const privateCampaign = await newDraft(supporter);
    expect((await call('POST', '/campaign/support-funding/', supporter, { campaign: privateCampaign.id, type: 1 })).status).toBe(404);
    expect((await call('POST', '/campaign/support-funding/', supporter, { campaign: 2 ** 30, type: 1 })).status).toBe(404);
    expect((await call('POST', '/campaign/support-funding/', undefined, { campaign: parentId, type: 1, lang: 'ja' })).status).toBe(401);
    expect((await call('GET', `/campaign/support-funding/?campaign=${privateCampaign.id}`)).status).toBe(404);
    await db()
      .update(campaigns)
      .set({ endAt: new Date(Date.now() - 60_000) })
      .where(eq(campaigns.id, parentId));
    expect((await call('POST', '/campaign/support-funding/', supporter, { campaign: parentId, type: 1 })).status).toBe(409);
  });
});
