// The associate's approval of campaigns by supporters (ADR 069): a supporter's release asks the
// associate instead of going public, its owners and staff are mailed once, the console lists what
// waits, and a decision — approve (public at once) or decline with a reason — is mailed to the
// fundraiser. The associate's own members release directly. Each console route as owner, staff,
// viewer, a member of another associate, a plain user and anonymous.
import type { api } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associateMembers, mailOutbox, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { campaignDashboard, DASHBOARD_ASSOCIATE_UID } from './helpers/campaign-dashboard';
import { demoSignIn } from './helpers/demo-sign-in';

let t: TestApp;
const { call, signUp, newDraft, completeDraft } = campaignDashboard(() => t);
const base = `/associate/${DASHBOARD_ASSOCIATE_UID}/console/campaigns/`;
const tokens = {} as Record<'owner' | 'staff' | 'viewer' | 'otherMember', string>;
let ownerEmail: string;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await demoSignIn(t, 'hanako');
  tokens.owner = owner.token;
  [{ email: ownerEmail }] = (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, owner.userId))) as [
    { email: string },
  ];
  tokens.viewer = (await demoSignIn(t, 'takumi')).token;
  tokens.otherMember = (await demoSignIn(t, 'kenta')).token;
  // A staff member of the demo's associate 1, made here: the demo data has none.
  tokens.staff = await signUp();
  const me = await call<{ id: number }>('GET', '/user/me/', tokens.staff);
  await t.database.db.insert(associateMembers).values({ associateId: 1, userId: me.body.id, role: 'staff' });
});
afterAll(() => t.close());

const mailsTo = (address: string, template: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.template, template)));

async function emailOf(token: string): Promise<string> {
  return (await call<{ email: string }>('GET', '/user/me/', token)).body.email;
}

/** A supporter's completed draft, its release pressed: waiting for the associate. */
async function waitingCampaign() {
  const fundraiser = await signUp();
  await call('PATCH', '/user/profile/update_me/', fundraiser, { nickname: 'さくら' });
  const draft = await newDraft(fundraiser);
  await completeDraft(draft.id, fundraiser);
  const asked = await call('POST', `/campaign/${draft.id}/release/`, fundraiser, { lang: 'ja' });
  expect(asked.status).toBe(200);
  return { fundraiser, id: draft.id, asked: asked.body };
}

const listed = async (token: string | undefined, query = '') => call<api.ConsoleCampaigns>('GET', `${base}?lang=ja${query}`, token);

describe("a supporter's release", () => {
  it('asks the associate: the campaign stays private, owners and staff are mailed once, a second press changes nothing', async () => {
    const before = (await mailsTo(ownerEmail, 'campaign-approval-requested')).length;
    const { fundraiser, id, asked } = await waitingCampaign();
    expect(asked).toMatchObject({ status: 'draft', released_at: null, approval: { required: true, status: 'requested', reason: null } });
    expect(asked.approval.requested_at).not.toBeNull();
    expect((await call('GET', `/campaign/${id}/?lang=ja`)).status).toBe(404);

    const again = await call('POST', `/campaign/${id}/release/`, fundraiser, { lang: 'ja' });
    expect(again.body.approval.requested_at).toBe(asked.approval.requested_at);
    const requestMails = await mailsTo(ownerEmail, 'campaign-approval-requested');
    expect(requestMails.length).toBe(before + 1);
    expect(requestMails.at(-1)!.textBody).toContain('さくら');
    expect(requestMails.at(-1)!.textBody).toContain(`/dashboard/${DASHBOARD_ASSOCIATE_UID}/campaigns`);
    expect(await mailsTo(await emailOf(tokens.staff), 'campaign-approval-requested')).not.toHaveLength(0);
    // A viewer reads the console but decides nothing, so is not asked.
    expect(await mailsTo(await emailOf(tokens.viewer), 'campaign-approval-requested')).toHaveLength(0);
  });

  it('is refused with the unmet checks before anything is asked', async () => {
    const fundraiser = await signUp();
    const draft = await newDraft(fundraiser);
    const early = await call<api.ErrorBody>('POST', `/campaign/${draft.id}/release/`, fundraiser, { lang: 'ja' });
    expect(early.status).toBe(409);
    expect(early.body.fields?.release).toEqual(expect.arrayContaining(['mainVisual', 'endDate']));
    expect((await call('GET', `/campaign/${draft.id}/edit/`, fundraiser)).body.approval.status).toBe('not_requested');
  });

  it("an associate's member releases a campaign of their own at once", async () => {
    const draft = await newDraft(tokens.owner);
    expect(draft.approval.required).toBe(false);
    await completeDraft(draft.id, tokens.owner);
    const released = await call('POST', `/campaign/${draft.id}/release/`, tokens.owner, { lang: 'ja' });
    expect(released.body).toMatchObject({ status: 'published', approval: { status: 'not_requested' } });
    expect((await call('GET', `/campaign/${draft.id}/?lang=ja`)).status).toBe(200);
  });

  it("a waiting campaign released by one of the associate's staff from its dashboard is approved by it", async () => {
    const { id } = await waitingCampaign();
    const released = await call('POST', `/campaign/${id}/release/`, tokens.staff, { lang: 'ja' });
    expect(released.body).toMatchObject({ status: 'published', approval: { status: 'approved', reason: null } });
    expect((await listed(tokens.owner, '&approval=requested')).body.results.some((campaign) => campaign.id === id)).toBe(false);
  });

  it('two presses at once make one request and one mail', async () => {
    const fundraiser = await signUp();
    const draft = await newDraft(fundraiser);
    await completeDraft(draft.id, fundraiser);
    const before = (await mailsTo(ownerEmail, 'campaign-approval-requested')).length;
    const [first, second] = await Promise.all([
      call('POST', `/campaign/${draft.id}/release/`, fundraiser, { lang: 'ja' }),
      call('POST', `/campaign/${draft.id}/release/`, fundraiser, { lang: 'ja' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.approval.requested_at).toBe(second.body.approval.requested_at);
    expect((await mailsTo(ownerEmail, 'campaign-approval-requested')).length).toBe(before + 1);
  });
});

describe("the console's list and decisions", () => {
  it('lists the waiting campaigns first to every member; approve by staff makes it public and mails the fundraiser', async () => {
    const { fundraiser, id } = await waitingCampaign();
    const list = await listed(tokens.viewer, '&approval=requested');
    expect(list.status).toBe(200);
    const row = list.body.results.find((campaign) => campaign.id === id);
    expect(row).toMatchObject({ fundraiser: 'さくら', status: 'draft', approval: 'requested', type: 1, reason: null });
    expect(list.body.counts.requested).toBeGreaterThanOrEqual(1);
    // The demo's waiting campaign is there too; nothing decided is on this tab.
    expect(list.body.results.some((campaign) => campaign.title.startsWith('お正月のマラソン'))).toBe(true);
    expect(list.body.results.every((campaign) => campaign.approval === 'requested')).toBe(true);

    const approved = await call('POST', `${base}${id}/approve/`, tokens.staff, { lang: 'ja' });
    expect(approved.status).toBe(204);
    expect((await call('GET', `/campaign/${id}/?lang=ja`)).status).toBe(200);
    const view = await call('GET', `/campaign/${id}/edit/`, fundraiser);
    expect(view.body).toMatchObject({ status: 'published', approval: { required: false, status: 'approved', reason: null } });
    const [mail] = await mailsTo(await emailOf(fundraiser), 'campaign-approved');
    expect(mail!.subject).toContain('承認');
    expect(mail!.textBody).toContain(`/campaign/${id}`);
    // Decided once: a second approval or a decline now is a conflict, and changes nothing.
    expect((await call('POST', `${base}${id}/approve/`, tokens.owner, { lang: 'ja' })).status).toBe(409);
    expect((await call('POST', `${base}${id}/decline/`, tokens.owner, { reason: '遅れて見送り' })).status).toBe(409);
    expect((await call('GET', `/campaign/${id}/edit/`, fundraiser)).body.approval.status).toBe('approved');
    // Approved stays approved: private again and released again needs no new approval.
    await call('POST', `/campaign/${id}/to_private/`, fundraiser, { lang: 'ja' });
    expect((await call('POST', `/campaign/${id}/release/`, fundraiser, { lang: 'ja' })).body.status).toBe('published');
    const approvedList = await listed(tokens.owner, '&approval=approved');
    expect(approvedList.body.results.find((campaign) => campaign.id === id)?.decided_at).not.toBeNull();
  });

  it('a decline keeps it private with the reason mailed and shown; the fundraiser may change it and ask again', async () => {
    const { fundraiser, id } = await waitingCampaign();
    const empty = await call<api.ErrorBody>('POST', `${base}${id}/decline/`, tokens.owner, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.reason).toEqual(['required']);
    const nul = await call<api.ErrorBody>('POST', `${base}${id}/decline/`, tokens.owner, { reason: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect((await call<api.ErrorBody>('POST', `${base}${id}/decline/`, tokens.owner, { reason: 'x'.repeat(2049) })).status).toBe(400);
    expect((await call('GET', `/campaign/${id}/edit/`, fundraiser)).body.approval.status).toBe('requested');

    const reason = '活動内容と目標金額について、事前にご相談ください。';
    expect((await call('POST', `${base}${id}/decline/`, tokens.owner, { reason })).status).toBe(204);
    expect((await call('GET', `/campaign/${id}/?lang=ja`)).status).toBe(404);
    const view = await call('GET', `/campaign/${id}/edit/`, fundraiser);
    expect(view.body).toMatchObject({ status: 'draft', approval: { required: true, status: 'declined', reason } });
    const [mail] = await mailsTo(await emailOf(fundraiser), 'campaign-declined');
    expect(mail!.textBody).toContain(reason);
    expect(mail!.textBody).toContain(`/campaign/${id}/dashboard/campaign`);
    const declined = await listed(tokens.owner, '&approval=declined');
    expect(declined.body.results.find((campaign) => campaign.id === id)).toMatchObject({ approval: 'declined', reason });

    // Asked again: waiting once more, the old reason gone.
    const again = await call('POST', `/campaign/${id}/release/`, fundraiser, { lang: 'ja' });
    expect(again.body.approval).toMatchObject({ status: 'requested', reason: null });
  });

  it('a campaign changed while it waited and no longer ready is not approved: 409 with the unmet checks, still waiting', async () => {
    const { fundraiser, id } = await waitingCampaign();
    expect((await call('PATCH', `/campaign/${id}/edit/`, fundraiser, { summary: '', lang: 'ja' })).status).toBe(200);
    const refused = await call<api.ErrorBody>('POST', `${base}${id}/approve/`, tokens.owner, { lang: 'ja' });
    expect(refused.status).toBe(409);
    expect(refused.body.fields?.release).toEqual(['summary']);
    expect((await call('GET', `/campaign/${id}/edit/`, fundraiser)).body.approval.status).toBe('requested');
  });

  it('the fundraiser withdraws a request by returning it to private: it leaves the list', async () => {
    const { fundraiser, id } = await waitingCampaign();
    const withdrawn = await call('POST', `/campaign/${id}/to_private/`, fundraiser, { lang: 'ja' });
    expect(withdrawn.body.approval.status).toBe('not_requested');
    expect((await listed(tokens.owner)).body.results.some((campaign) => campaign.id === id)).toBe(false);
    expect((await call('POST', `${base}${id}/approve/`, tokens.owner, { lang: 'ja' })).status).toBe(404);
  });

  it('each route by role: viewers read only; another associate, a plain user and anonymous find nothing', async () => {
    const { id } = await waitingCampaign();
    const plain = await signUp();
    for (const token of [tokens.viewer]) {
      expect((await call('POST', `${base}${id}/approve/`, token, { lang: 'ja' })).status).toBe(403);
      expect((await call('POST', `${base}${id}/decline/`, token, { reason: 'いいえ' })).status).toBe(403);
    }
    for (const token of [tokens.otherMember, plain]) {
      expect((await listed(token)).status).toBe(404);
      expect((await call('POST', `${base}${id}/approve/`, token, { lang: 'ja' })).status).toBe(404);
      expect((await call('POST', `${base}${id}/decline/`, token, { reason: 'いいえ' })).status).toBe(404);
    }
    expect((await listed(undefined)).status).toBe(401);
    expect((await call('POST', `${base}${id}/approve/`, undefined, { lang: 'ja' })).status).toBe(401);
    // Another associate's console cannot reach this campaign, even as that associate's owner.
    const otherBase = `/associate/satoyama-forest-fund/console/campaigns/`;
    expect((await call('GET', `${otherBase}?lang=ja`, tokens.otherMember)).status).toBe(200);
    expect((await call('POST', `${otherBase}${id}/approve/`, tokens.otherMember, { lang: 'ja' })).status).toBe(404);
    expect((await call('POST', `${base}999999/approve/`, tokens.owner, { lang: 'ja' })).status).toBe(404);
    expect((await call('POST', `${base}abc/approve/`, tokens.owner, { lang: 'ja' })).status).toBe(400);
    expect((await call('GET', `/campaign/${id}/edit/`, tokens.owner)).body.approval.status).toBe('requested');
  });
});
