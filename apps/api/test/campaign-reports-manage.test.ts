// Reporting back (issue 15): a campaign's team writes a report as a draft and publishes it once the
// campaign is released; publishing mails each supporter once, in their language, not those who
// turned such mail off, and never twice. Report dates cannot be before today. The team answers or
// hides supporters' messages, and the public page follows. A supporter's own fundraiser for a
// public campaign shows on the parent with its share.
import { api, DonationType, PaymentMethodId } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationMessages, donations, donors, mailOutbox, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { campaignDashboard, dayFromToday } from './helpers/campaign-dashboard';
import { demoSignIn } from './helpers/demo-sign-in';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { call, signUp, newDraft, completeDraft } = campaignDashboard(() => t);
const db = () => t.database.db;
type Report = api.EditableCampaign['reports'][number];

async function releasedCampaign() {
  const owner = await signUp();
  const draft = await newDraft(owner);
  await completeDraft(draft.id, owner);
  expect((await call('POST', `/campaign/${draft.id}/release/`, owner, { lang: 'ja' })).status).toBe(200);
  return { owner, id: draft.id };
}

/** A paid gift to the campaign: by a member (userId) or a guest with an email. */
async function paidGift(campaignId: number, giver: { userId?: number; email: string; inEnglish?: boolean }, message?: string) {
  const [donor] = await db()
    .insert(donors)
    .values({ email: giver.email, lastName: '山田', firstName: '花子' })
    .returning({ id: donors.id });
  const [gift] = await db()
    .insert(donations)
    .values({
      associateId: 1,
      campaignId,
      userId: giver.userId ?? null,
      donorId: donor!.id,
      amount: 5_000,
      type: DonationType.CAMPAIGN,
      paymentMethod: PaymentMethodId.CREDIT_CARD,
      status: 'paid',
      paidAt: new Date(),
      inEnglish: giver.inEnglish ?? false,
      isUser: giver.userId !== undefined,
    })
    .returning({ id: donations.id });
  if (message)
    await db()
      .insert(donationMessages)
      .values({ donationId: gift!.id, associateId: 1, campaignId, type: DonationType.CAMPAIGN, message, publishedFrom: 'はなこ' });
  return gift!.id;
}

const mailsTo = (email: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'campaign-report-published')));

describe('reports', () => {
  it('are drafts until published; publishing a released campaign’s report mails each supporter once, in their language', async () => {
    const { owner, id } = await releasedCampaign();
    const { userId: memberId } = await demoSignIn(t, 'kenta');
    const [kenta] = await db().select().from(users).where(eq(users.id, memberId));
    await paidGift(id, { userId: memberId, email: kenta!.email });
    await paidGift(id, { userId: memberId, email: kenta!.email });
    const guest = uniqueEmail('guest-supporter');
    await paidGift(id, { email: guest, inEnglish: true });
    const optedOut = await signUp();
    const me = await call<{ id: number; email: string }>('GET', '/user/me/', optedOut);
    await call('PATCH', '/user/me/', optedOut, { notification_preference: 'not_receive' });
    await paidGift(id, { userId: me.body.id, email: me.body.email });

    const draft = await call<Report>('POST', `/campaign/${id}/reports/`, owner, {
      title: '12月の活動報告',
      body: '<p>皆さまのご寄付で、<strong>300食</strong>を届けました。</p><script>x</script>',
      lang: 'ja',
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ published_at: null, body: '<p>皆さまのご寄付で、<strong>300食</strong>を届けました。</p>' });
    expect((await call<api.CampaignDetail>('GET', `/campaign/${id}/?lang=ja`)).body.reports).toEqual([]);
    expect(await mailsTo(kenta!.email)).toHaveLength(0);

    const published = await call<Report>('PATCH', `/campaign/${id}/reports/${draft.body.id}/`, owner, { publish: true, lang: 'ja' });
    expect(published.body.published_at).not.toBeNull();
    await call('PATCH', `/campaign/${id}/reports/${draft.body.id}/`, owner, { publish: true, lang: 'ja' });
    const toMember = await mailsTo(kenta!.email);
    expect(toMember).toHaveLength(1);
    expect(toMember[0]!.textBody).toContain(`/campaign/${id}/report/${draft.body.id}`);
    const toGuest = await mailsTo(guest);
    expect(toGuest).toHaveLength(1);
    expect(toGuest[0]!.locale).toBe('en');
    expect(await mailsTo(me.body.email)).toHaveLength(0);
    expect((await call<api.CampaignDetail>('GET', `/campaign/${id}/?lang=ja`)).body.reports.map((report) => report.id)).toEqual([
      draft.body.id,
    ]);
    // Supporters were told of it: it stays.
    expect((await call('DELETE', `/campaign/${id}/reports/${draft.body.id}/`, owner)).status).toBe(409);
  });

  it('a private campaign cannot publish; a draft report can be deleted; others find nothing', async () => {
    const owner = await signUp();
    const campaign = await newDraft(owner);
    const draft = await call<Report>('POST', `/campaign/${campaign.id}/reports/`, owner, { title: '準備中', lang: 'ja' });
    expect((await call('PATCH', `/campaign/${campaign.id}/reports/${draft.body.id}/`, owner, { publish: true, lang: 'ja' })).status).toBe(
      409,
    );
    const stranger = await signUp();
    expect((await call('PATCH', `/campaign/${campaign.id}/reports/${draft.body.id}/`, stranger, { title: 'x', lang: 'ja' })).status).toBe(
      404,
    );
    expect((await call('POST', `/campaign/${campaign.id}/reports/`, undefined, { title: 'x', lang: 'ja' })).status).toBe(401);
    expect((await call('DELETE', `/campaign/${campaign.id}/reports/${draft.body.id}/`, owner)).status).toBe(204);
  });
});

describe('report dates', () => {
  it('are promised not before today, linked to the report that keeps them, and kept once fulfilled', async () => {
    const { owner, id } = await releasedCampaign();
    const past = await call<api.ErrorBody>('POST', '/campaign/report-schedule/', owner, {
      campaign: id,
      title: '1月',
      due_on: dayFromToday(-1),
      lang: 'ja',
    });
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ due_on: ['pastDate'] });
    const schedule = await call<api.EditableCampaign['schedules'][number]>('POST', '/campaign/report-schedule/', owner, {
      campaign: id,
      title: '1か月後の報告',
      due_on: dayFromToday(30),
      lang: 'ja',
    });
    expect(schedule.status).toBe(201);
    const report = await call<Report>('POST', `/campaign/${id}/reports/`, owner, {
      title: '報告',
      schedule_ids: [schedule.body.id],
      lang: 'ja',
    });
    expect(report.body.schedule_ids).toEqual([schedule.body.id]);
    const listed = await call<{ results: api.EditableCampaign['schedules'] }>('GET', `/campaign/report-schedule/?campaign=${id}`, owner);
    expect(listed.body.results).toEqual([expect.objectContaining({ id: schedule.body.id, report_id: report.body.id })]);
    expect((await call('DELETE', `/campaign/report-schedule/${schedule.body.id}/`, owner)).status).toBe(409);
    expect((await call('GET', `/campaign/report-schedule/?campaign=${id}`, await signUp())).status).toBe(404);
    const other = await releasedCampaign();
    const foreign = await call<api.ErrorBody>('POST', `/campaign/${other.id}/reports/`, other.owner, {
      title: 'x',
      schedule_ids: [schedule.body.id],
      lang: 'ja',
    });
    expect(foreign.body.fields).toEqual({ schedule_ids: ['value'] });
  });
});

describe("supporters' messages", () => {
  it('are answered or hidden by the team, and the public page follows', async () => {
    const { owner, id } = await releasedCampaign();
    await paidGift(id, { email: uniqueEmail('messenger') }, 'がんばってください！');
    const list = await call<api.DashboardMessage[] & { results: api.DashboardMessage[] }>('GET', `/campaign/${id}/messages/manage/`, owner);
    const [message] = list.body.results;
    expect(message).toMatchObject({ message: 'がんばってください！', reply: null, hidden: false });
    const replied = await call<api.DashboardMessage>('PATCH', `/campaign/${id}/messages/${message!.id}/`, owner, {
      reply: 'ありがとうございます！',
    });
    expect(replied.body.reply).toBe('ありがとうございます！');
    let page = await call<api.CampaignDetail>('GET', `/campaign/${id}/?lang=ja`);
    expect(page.body.messages.map((item) => [item.message, item.reply])).toEqual([['がんばってください！', 'ありがとうございます！']]);

    await call('PATCH', `/campaign/${id}/messages/${message!.id}/`, owner, { hidden: true });
    page = await call<api.CampaignDetail>('GET', `/campaign/${id}/?lang=ja`);
    expect(page.body.messages).toEqual([]);
    expect(page.body.message_count).toBe(0);
    expect(
      (await call<{ results: api.DashboardMessage[] }>('GET', `/campaign/${id}/messages/manage/`, owner)).body.results[0]!.hidden,
    ).toBe(true);
    expect((await call('PATCH', `/campaign/${id}/messages/${message!.id}/`, await signUp(), { hidden: false })).status).toBe(404);
  });
});

describe("a supporter's fundraiser", () => {
  it('is a draft of their own for a public campaign; once released, the parent lists it with its share', async () => {
    const { id: parentId } = await releasedCampaign();
    const supporter = await signUp();
    const started = await call('POST', '/campaign/support-funding/', supporter, { campaign: parentId, type: 1, lang: 'ja' });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'draft', role: 'owner', parent: { id: parentId } });
    let list = await call<api.SupportFundingList>('GET', `/campaign/support-funding/?campaign=${parentId}`);
    expect(list.body.results).toEqual([]);

    await completeDraft(started.body.id, supporter);
    await call('POST', `/campaign/${started.body.id}/release/`, supporter, { lang: 'ja' });
    await paidGift(started.body.id, { email: uniqueEmail('friend') });
    list = await call<api.SupportFundingList>('GET', `/campaign/support-funding/?campaign=${parentId}`);
    expect(list.body).toMatchObject({
      raised_by_children: 5_000,
      results: [{ id: started.body.id, raised_amount: 5_000, share_percent: 100 }],
    });
    expect((await call<api.CampaignDetail>('GET', `/campaign/${started.body.id}/?lang=ja`)).body.parent?.id).toBe(parentId);

    expect((await call('POST', '/campaign/support-funding/', supporter, { campaign: parentId, type: 6, lang: 'ja' })).status).toBe(403);
    const privateCampaign = await newDraft(supporter);
    expect(
      (await call('POST', '/campaign/support-funding/', supporter, { campaign: privateCampaign.id, type: 1, lang: 'ja' })).status,
    ).toBe(404);
    expect((await call('POST', '/campaign/support-funding/', undefined, { campaign: parentId, type: 1, lang: 'ja' })).status).toBe(401);
  });
});
