// Joining Kifu (ADR 078): an organisation applies with its documents and a bank-checked payout
// account; Kifu's staff ask for changes, decline or approve; approval makes the associate live with
// the applicant as its owner. Every route is tried as staff, an associate's owner, a plain user and
// anonymous; documents are private; hostile input is a 4xx.
import type { api } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  associateApplications,
  associateMembers,
  associatePayoutAccounts,
  associateSocialChallenges,
  associates,
  mailOutbox,
} from '../src/db/schema/index';
import { consoleCall } from './helpers/console-callers';
import { demoSignIn } from './helpers/demo-sign-in';
import { clientAddress } from './helpers/donation-requests';
import { multipartFile, pngImage } from './helpers/multipart-image';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({ afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0 }) });
type View = api.AssociateApplicationView;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function newUser(label: string): Promise<{ token: string; email: string }> {
  const email = uniqueEmail(label);
  const response = await h.t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email, password: 'kifu-pass-123' },
    remoteAddress: clientAddress(),
  });
  return { token: response.json().accessToken as string, email };
}

const upload = (token: string | undefined, bytes: Buffer, name = 'articles.pdf', type = 'application/pdf') => {
  const { payload, headers } = multipartFile(bytes, name, type);
  return consoleCall<api.ApplicationDocument>(h.t, 'POST', '/associate-applications/documents/', token, payload, headers);
};

let serial = 0;
/** A valid application of a fresh organisation with one uploaded PDF of `token`'s. */
async function applicationBody(token: string, overrides: Record<string, unknown> = {}) {
  serial += 1;
  const document = await upload(token, PDF);
  expect(document.status).toBe(201);
  return {
    name: `テスト団体${serial}`,
    name_kana: 'てすとだんたい',
    name_en: `Test group ${serial}`,
    organisation_type: 4,
    corporate_number: '7000012050002',
    address: { postalCode: '152-0001', state: '東京都', city: '目黒区', street: '中央町1-2-3', building: '' },
    representative: '山田 太郎',
    representative_kana: 'ヤマダ　タロウ',
    certification: null,
    requested_uid: `join-test-${serial}-${Date.now().toString(36)}`,
    bank_account: {
      bank_code: '0005',
      bank_name: 'サンドボックス銀行',
      branch_code: '200',
      branch_name: '渋谷支店',
      account_type: 'ordinary',
      account_number: '1234567',
      account_holder: 'トクヒ）テストダンタイ',
    },
    document_ids: [document.body.id],
    social_challenges: ['children', 'education'],
    ...overrides,
  };
}

const submit = (token: string | undefined, body: unknown) => consoleCall<View>(h.t, 'POST', '/associate-applications/', token, body);
const mailsOf = (template: string, to: string) =>
  h.t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, to)));

describe('applying to join Kifu', () => {
  it('refuses a corporate number whose check digit is wrong, at its field', async () => {
    const { token } = await newUser('apply-digit');
    const refused = await submit(token, await applicationBody(token, { corporate_number: '8000012050002' }));
    expect([refused.status, refused.body.fields]).toEqual([400, { corporate_number: ['corporateNumber.checkDigit'] }]);
  });

  it('refuses an account the bank does not find open and held by the name given, and saves nothing when the bank is down', async () => {
    const { token } = await newUser('apply-bank');
    const body = await applicationBody(token);
    // The bank's test accounts (ADR 074): 9999 does not exist, 8888 is closed, 7777 is held by サンドボックス\u3000ハナコ (a full-width space).
    for (const [number, field, rule] of [
      ['1239999', 'bank_account.account_number', 'bankAccount.notFound'],
      ['1238888', 'bank_account.account_number', 'bankAccount.closed'],
      ['1237777', 'bank_account.account_holder', 'bankAccount.holderMismatch'],
    ] as const) {
      const refused = await submit(token, { ...body, bank_account: { ...body.bank_account, account_number: number } });
      expect([refused.status, refused.body.fields]).toEqual([400, { [field]: [rule] }]);
    }
    await h.sandbox.setFaults({ errorRate: 1 });
    expect((await submit(token, body)).status).toBe(503);
    await h.sandbox.setFaults({ errorRate: 0 });
    expect((await consoleCall<api.MyAssociateApplication>(h.t, 'GET', '/associate-applications/mine/', token)).body.application).toBeNull();
  });

  it('refuses hostile or impossible input with a 4xx', async () => {
    const { token } = await newUser('apply-hostile');
    const other = await newUser('apply-hostile-other');
    const body = await applicationBody(token);
    const foreign = await upload(other.token, PDF);
    for (const hostile of [
      {},
      { ...body, name: 'x'.repeat(5_000) },
      { ...body, name: 'a\u0000b' },
      { ...body, organisation_type: 99 },
      { ...body, requested_uid: '../admin' },
      { ...body, document_ids: [2 ** 40] },
      { ...body, social_challenges: ['x'.repeat(1_000)] },
      { ...body, social_challenges: ['no-such-challenge'] },
      { ...body, document_ids: [foreign.body.id] },
    ]) {
      const refused = await submit(token, hostile);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    }
    const taken = await submit(token, { ...body, requested_uid: 'kodomo-shokudo-mirai' });
    expect([taken.status, taken.body.fields]).toEqual([409, { requested_uid: ['unique'] }]);
    expect((await submit(undefined, body)).status).toBe(401);
  });

  it('takes documents as PDF or image only, within their size, private to the applicant and staff', async () => {
    const applicant = await newUser('apply-docs');
    const stranger = await newUser('apply-docs-stranger');
    const staff = await demoSignIn(h.t, 'sho');
    const owner = await demoSignIn(h.t, 'yumi');
    expect((await upload(undefined, PDF)).status).toBe(401);
    expect((await upload(applicant.token, Buffer.from('<html><script>alert(1)</script>'), 'x.pdf')).status).toBe(400);
    expect((await upload(applicant.token, Buffer.alloc(11 * 1024 * 1024, 0x25), 'big.pdf')).status).toBe(400);
    const image = await upload(applicant.token, await pngImage(40, 30), 'scan.png', 'image/png');
    expect(image.body).toMatchObject({ content_type: 'image/webp', file_name: 'scan.webp' });
    const pdf = await upload(applicant.token, PDF, '../../etc/定款.pdf');
    expect(pdf.body).toMatchObject({ content_type: 'application/pdf', file_name: '定款.pdf', byte_size: PDF.length });
    const read = (token: string | undefined) =>
      h.t.app.inject({
        method: 'GET',
        url: `/associate-applications/documents/${pdf.body.id}/`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        remoteAddress: clientAddress(),
      });
    const mine = await read(applicant.token);
    expect([mine.statusCode, mine.headers['content-type'], mine.rawPayload.equals(PDF)]).toEqual([200, 'application/pdf', true]);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await read(staff.token)).statusCode).toBe(200);
    expect((await read(owner.token)).statusCode).toBe(404);
    expect((await read(stranger.token)).statusCode).toBe(404);
    expect((await read(undefined)).statusCode).toBe(401);
  });
});

describe("Kifu's staff decide applications", () => {
  const staffCall = async (as: 'staff' | 'owner' | 'plain' | 'anonymous', method: 'GET' | 'POST', url: string, body?: unknown) => {
    const token =
      as === 'staff'
        ? (await demoSignIn(h.t, 'sho')).token
        : as === 'owner'
          ? (await demoSignIn(h.t, 'yumi')).token
          : as === 'plain'
            ? (await newUser('staff-plain')).token
            : undefined;
    return consoleCall<View & api.StaffApplicationList & api.StaffOverview>(h.t, method, url, token, body);
  };

  it('are the only ones to list, read and decide them (an owner or a plain user is refused, anonymous must sign in)', async () => {
    const { token } = await newUser('apply-matrix');
    const submitted = await submit(token, await applicationBody(token));
    expect(submitted.status).toBe(201);
    const id = submitted.body.id;
    for (const [method, url, body] of [
      ['GET', '/staff/overview/', undefined],
      ['GET', '/staff/associate-applications/', undefined],
      ['GET', `/staff/associate-applications/${id}/`, undefined],
      ['POST', `/staff/associate-applications/${id}/approve/`, {}],
      ['POST', `/staff/associate-applications/${id}/decline/`, { reason: 'no' }],
      ['POST', `/staff/associate-applications/${id}/request-changes/`, { reason: 'no' }],
    ] as const) {
      expect((await staffCall('owner', method, url, body)).status, url).toBe(403);
      expect((await staffCall('plain', method, url, body)).status, url).toBe(403);
      expect((await staffCall('anonymous', method, url, body)).status, url).toBe(401);
    }
    const overview = await staffCall('staff', 'GET', '/staff/overview/');
    expect(overview.body.applications_waiting).toBeGreaterThanOrEqual(1);
    const list = await staffCall('staff', 'GET', '/staff/associate-applications/?status=submitted');
    expect(list.body.results.map((row) => row.id)).toContain(id);
    expect((await staffCall('staff', 'GET', `/staff/associate-applications/${id}/`)).body).toMatchObject({ id, status: 'submitted' });
    expect((await staffCall('staff', 'GET', '/staff/associate-applications/2147483648/')).status).toBe(400);
    expect((await staffCall('staff', 'GET', '/staff/associate-applications/?status=x')).status).toBe(400);
    expect((await staffCall('staff', 'POST', `/staff/associate-applications/${id}/decline/`, { reason: '' })).status).toBe(400);
    expect((await staffCall('staff', 'GET', '/staff/associate-applications/2147483647/')).status).toBe(404);
  });

  it('ask for changes with a reason, mailed; only the applicant sends it again, and it waits for staff once more', async () => {
    const applicant = await newUser('apply-changes');
    const body = await applicationBody(applicant.token);
    const submitted = await submit(applicant.token, body);
    expect((await mailsOf('application-received', applicant.email)).length).toBe(1);
    expect((await submit(applicant.token, await applicationBody(applicant.token))).status).toBe(409);
    const id = submitted.body.id;
    const asked = await staffCall('staff', 'POST', `/staff/associate-applications/${id}/request-changes/`, {
      reason: '定款のPDFが読めません。',
    });
    expect(asked.body).toMatchObject({ status: 'changes_requested', reason: '定款のPDFが読めません。' });
    expect((await mailsOf('application-changes-requested', applicant.email))[0]!.textBody).toContain('定款のPDFが読めません。');
    expect((await staffCall('staff', 'POST', `/staff/associate-applications/${id}/approve/`, {})).status).toBe(409);

    const stranger = await newUser('apply-changes-stranger');
    // Someone else's application is not theirs to know of.
    expect((await consoleCall<View>(h.t, 'PUT', `/associate-applications/${id}/`, stranger.token, body)).status).toBe(404);
    const sent = await consoleCall<View>(h.t, 'PUT', `/associate-applications/${id}/`, applicant.token, { ...body, name: '直した団体' });
    expect(sent.body).toMatchObject({ status: 'submitted', name: '直した団体' });
    expect((await consoleCall<View>(h.t, 'PUT', `/associate-applications/${id}/`, applicant.token, body)).status).toBe(409);
  });

  it('decline with a reason, mailed; the applicant may apply again', async () => {
    const applicant = await newUser('apply-decline');
    const submitted = await submit(applicant.token, await applicationBody(applicant.token));
    const declined = await staffCall('staff', 'POST', `/staff/associate-applications/${submitted.body.id}/decline/`, {
      reason: 'Not a nonprofit.',
    });
    expect(declined.body).toMatchObject({ status: 'declined', reason: 'Not a nonprofit.' });
    expect((await mailsOf('application-declined', applicant.email))[0]!.textBody).toContain('Not a nonprofit.');
    expect((await submit(applicant.token, await applicationBody(applicant.token))).status).toBe(201);
  });

  it('approve: the associate goes live with the applicant as owner, its challenges and payout account, mailed', async () => {
    const applicant = await newUser('apply-approve');
    const body = await applicationBody(applicant.token, {
      organisation_type: 2,
      certification: {
        number: '第100号',
        authority: '東京都',
        certified_on: '2024-04-01',
        expires_on: '2029-03-31',
      },
    });
    const submitted = await submit(applicant.token, body);
    expect(submitted.status).toBe(201);
    const approved = await staffCall('staff', 'POST', `/staff/associate-applications/${submitted.body.id}/approve/`, {});
    expect(approved.body).toMatchObject({ status: 'approved', associate_uid: body.requested_uid });
    expect((await staffCall('staff', 'POST', `/staff/associate-applications/${submitted.body.id}/approve/`, {})).status).toBe(409);

    const db = h.t.database.db;
    const [associate] = await db.select().from(associates).where(eq(associates.uid, body.requested_uid));
    expect(associate).toMatchObject({ name: body.name, organisationType: 2, certificationNumber: '第100号', isPublished: true });
    const members = await db.select().from(associateMembers).where(eq(associateMembers.associateId, associate!.id));
    expect(members.map((member) => member.role)).toEqual(['owner']);
    expect(await db.select().from(associateSocialChallenges).where(eq(associateSocialChallenges.associateId, associate!.id))).toHaveLength(
      2,
    );
    const [account] = await db.select().from(associatePayoutAccounts).where(eq(associatePayoutAccounts.associateId, associate!.id));
    expect(account).toMatchObject({ accountNumber: '1234567', accountHolder: 'トクヒ）テストダンタイ' });
    const [row] = await db.select().from(associateApplications).where(eq(associateApplications.id, submitted.body.id));
    expect(row!.associateId).toBe(associate!.id);
    expect((await mailsOf('application-approved', applicant.email))[0]!.textBody).toContain(`/dashboard/${body.requested_uid}`);

    const publicPage = await consoleCall<api.AssociateDetail>(h.t, 'GET', `/associate/${body.requested_uid}/`);
    expect([publicPage.status, publicPage.body.certification?.number]).toEqual([200, '第100号']);
    const console = await consoleCall<api.MyAssociate>(h.t, 'GET', `/associate/${body.requested_uid}/my_associate/`, applicant.token);
    expect([console.status, console.body.role]).toEqual([200, 'owner']);
    const mine = await consoleCall<api.MyAssociateApplication>(h.t, 'GET', '/associate-applications/mine/', applicant.token);
    expect(mine.body.application).toMatchObject({ status: 'approved', associate_uid: body.requested_uid });
  });
});
