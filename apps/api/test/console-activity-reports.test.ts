// The console's activity reports (ADR 068): drafts written by owners and staff, their HTML kept
// through the campaign stories' sanitiser, published once, and publishing mails the supporters
// whose gifts arrived since the previous report — each address once, nobody for a failed gift.
// Each route as owner, staff, viewer, a member of another associate, a plain user and anonymous.
import { PaymentMethodId, type api } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, donors, mailOutbox } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { consoleAssociate } from './helpers/console-callers';
import { clientAddress } from './helpers/donation-requests';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
const UID = 'console-test-reports';
let associateId: number;
const tokens = {} as Record<'owner' | 'staff' | 'viewer' | 'otherMember' | 'plain', string>;
const early = uniqueEmail('report-early');
const later = uniqueEmail('report-later');
const failed = uniqueEmail('report-failed');
const base = `/associate/${UID}/console/activity-reports/`;

async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as never,
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : null) as T & api.ErrorBody };
}

async function giftFrom(email: string, status: 'paid' | 'failed', paidAt: Date) {
  const [donor] = await t.database.db.insert(donors).values({ email, lastName: '報告', firstName: '受取' }).returning();
  await t.database.db.insert(donations).values({
    associateId,
    type: 1,
    amount: 3_000,
    paymentMethod: PaymentMethodId.CREDIT_CARD,
    status,
    paidAt: status === 'paid' ? paidAt : null,
    donorId: donor!.id,
  });
}

const reportMails = (address: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.template, 'associate-report-published')));

beforeAll(async () => {
  t = await buildTestApp();
  const made = await consoleAssociate(t, UID, '報告試験の会');
  associateId = made.associate.id;
  Object.assign(tokens, made.tokens);
  await giftFrom(early, 'paid', new Date(Date.now() - 30 * 86_400_000));
  await giftFrom(failed, 'failed', new Date());
}, 120_000);
afterAll(() => t?.close());

describe('activity reports in the console', () => {
  let firstId: number;

  it('owners and staff write drafts, sanitised; viewers read them; nobody else finds them', async () => {
    const draft = { title: '春の活動', body: '<p>食堂を開きました<script>alert(1)</script></p><img src="https://evil.example/x.png">' };
    expect((await call('POST', base, tokens.viewer, draft)).status).toBe(403);
    expect((await call('POST', base, tokens.otherMember, draft)).status).toBe(404);
    expect((await call('POST', base, tokens.plain, draft)).status).toBe(404);
    expect((await call('POST', base, undefined, draft)).status).toBe(401);
    expect((await call('POST', base, tokens.staff, { title: '', body: '' })).status).toBe(400);
    expect((await call('POST', base, tokens.staff, { title: 'a\u0000b' })).status).toBe(400);
    const created = await call<api.EditableActivityReport>('POST', base, tokens.staff, draft);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: '春の活動', body: '<p>食堂を開きました</p>', published_at: null });
    firstId = created.body.id;
    const listed = await call<api.EditableActivityReports>('GET', base, tokens.viewer);
    expect(listed.body.results.map((report) => report.id)).toEqual([firstId]);
    expect((await call('GET', `${base}${firstId}/`, tokens.otherMember)).status).toBe(404);
    expect((await call('PATCH', `${base}${firstId}/`, tokens.viewer, { title: 'x' })).status).toBe(403);
  });

  it('publishing mails everyone who gave so far, once; a second report mails only who gave since', async () => {
    const empty = await call<api.EditableActivityReport>('POST', base, tokens.staff, { title: '空の報告' });
    expect((await call('PATCH', `${base}${empty.body.id}/`, tokens.staff, { publish: true })).status).toBe(400);
    expect((await call<api.EditableActivityReport>('GET', `${base}${empty.body.id}/`, tokens.staff)).body.published_at).toBeNull();
    expect((await call('DELETE', `${base}${empty.body.id}/`, tokens.owner)).status).toBe(204);

    const published = await call<api.ChangedActivityReport>('PATCH', `${base}${firstId}/`, tokens.owner, { publish: true });
    expect(published.body).toMatchObject({ mailed: 1, published_at: expect.any(String) });
    const again = await call<api.ChangedActivityReport>('PATCH', `${base}${firstId}/`, tokens.owner, {
      publish: true,
      title: '春の活動報告',
    });
    expect(again.body).toMatchObject({ mailed: null, title: '春の活動報告', published_at: published.body.published_at });
    expect(await reportMails(early)).toHaveLength(1);
    expect((await reportMails(early))[0]!.textBody).toContain(`/associate/${UID}/activity-report/${firstId}`);
    expect(await reportMails(failed)).toHaveLength(0);

    await giftFrom(later, 'paid', new Date(Date.now() + 1_000));
    const second = await call<api.EditableActivityReport>('POST', base, tokens.staff, { title: '夏の活動', body: '<p>続けています</p>' });
    const secondPublished = await call<api.ChangedActivityReport>('PATCH', `${base}${second.body.id}/`, tokens.staff, { publish: true });
    expect(secondPublished.body.mailed).toBe(1);
    expect(await reportMails(later)).toHaveLength(1);
    expect(await reportMails(early)).toHaveLength(1);
    expect((await call('DELETE', `${base}${firstId}/`, tokens.owner)).status).toBe(409);
  });
});
