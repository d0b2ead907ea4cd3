// The console's CSV exports made by a job (ADR 065): who may ask, follow and download (owner,
// staff, viewer, a member of another associate, a plain user, anonymous; ADR 060); a filtered
// export of a few hundred gifts as the file a spreadsheet opens (byte order mark, header, rows,
// anonymous givers unnamed, a formula neutralised), its progress, its audit row and its mail; the
// export holding the list's gifts in the list's order; a run stopped mid-way (a crashed worker)
// taken over through the job lease and finished from its last stored page; and a run whose read of
// a page fails while it writes the page before (it reads one ahead), retried from its last stored page.
import type { api } from '@kifu/domain';
import { PaymentMethodId } from '@kifu/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  associateMembers,
  associates,
  auditEvents,
  consoleExports,
  donations,
  donors,
  jobs,
  mailOutbox,
  users,
} from '../src/db/schema/index';
import { buildExport, BUILD_CONSOLE_EXPORT_JOB, sweepExpiredExports, type ExportDeps } from '../src/console/console-export';
import { giftsExportSource } from '../src/console/console-export-gifts';
import { listConsoleGifts } from '../src/console/console-gifts';
import { claimJobs } from '../src/jobs/claim-jobs';
import type { FileStorage } from '../src/media/file-storage';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { demoSignIn, type DemoUser } from './helpers/demo-sign-in';
import { clientAddress } from './helpers/donation-requests';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
const UID = 'console-test-exports';
const OTHER_UID = 'kodomo-shokudo-mirai';
let associateId: number;
const tokens = {} as Record<'owner' | 'staff' | 'viewer' | 'otherMember' | 'plain', string>;
let staffEmail: string;
const GIFTS = 240;
const FORMULA_NAME = '=HYPERLINK("http://example.com")';

async function call<T>(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: clientAddress(),
  });
  const text = response.body;
  return {
    status: response.statusCode,
    body: (text.startsWith('{') ? response.json() : {}) as T & api.ErrorBody,
    text,
    headers: response.headers,
  };
}
const base = `/associate/${UID}/console/exports/`;
const ask = (payload: object, token = tokens.staff) => call<api.ConsoleExport>('POST', base, token, payload);

/** 240 gifts, one a minute back from now: every third by bank transfer, every tenth anonymous, one donor named as a formula. */
async function writeGifts() {
  const db = t.database.db;
  const people = await db
    .insert(donors)
    .values(
      Array.from({ length: GIFTS }, (_, n) => ({
        email: `export-${n}@example.com`,
        lastName: n === 7 ? FORMULA_NAME : `輸出${n}`,
        firstName: n === 7 ? '' : '太郎',
        lastNameKana: 'ユシュツ',
        firstNameKana: 'タロウ',
        area: '東京都',
        city: '港区',
        address1: `${n}-1`,
      })),
    )
    .returning({ id: donors.id });
  const now = Date.now();
  await db.insert(donations).values(
    people.map(({ id }, n) => ({
      associateId,
      type: 1,
      commission: 0,
      amount: 1_000 + (n % 7) * 500,
      paymentMethod: n % 3 === 2 ? PaymentMethodId.BANK_TRANSFER : PaymentMethodId.CREDIT_CARD,
      status: 'paid' as const,
      // Five gifts share one instant: the cursor must still neither skip nor repeat one.
      createdAt: new Date(now - 60_000 * (n >= 100 && n < 105 ? 100 : n) - 3_600_000),
      paidAt: new Date(now - 60_000 * n - 3_600_000),
      donorId: id,
      isAnonymous: n % 10 === 0,
    })),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  ({ id: associateId } = (
    await db
      .insert(associates)
      .values({ uid: UID, name: 'エクスポートの会', logoPath: 'demo/logo.png', mainVisualPath: 'demo/main.png' })
      .returning()
  )[0]!);
  const signedIn: Record<'owner' | 'staff' | 'viewer' | 'otherMember', DemoUser> = {
    owner: 'yumi',
    staff: 'sho',
    viewer: 'misaki',
    otherMember: 'kenta',
  };
  for (const [as, key] of Object.entries(signedIn) as [keyof typeof signedIn, DemoUser][]) {
    const { token, userId } = await demoSignIn(t, key);
    tokens[as] = token;
    if (as !== 'otherMember') await db.insert(associateMembers).values({ associateId, userId, role: as }).onConflictDoNothing();
    if (as === 'staff') staffEmail = (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;
  }
  const created = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email: uniqueEmail('export-plain'), password: 'kifu-pass-123' },
    remoteAddress: clientAddress(),
  });
  tokens.plain = created.json().accessToken as string;
  await writeGifts();
  expect((await db.select({ id: associates.id }).from(associates).where(eq(associates.uid, OTHER_UID))).length).toBe(1);
}, 120_000);
afterAll(() => t?.close());

/** The file's records, without the byte order mark and the last line end. */
const records = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

describe('who may export', () => {
  it('lets owners and staff ask, follow, list and download; viewers 403; others 404; anonymous 401', async () => {
    const made = await ask({ kind: 'gifts', filters: { method: 'bankTransfer' } }, tokens.owner);
    expect(made.status).toBe(201);
    await t.app.jobs.worker.drain();
    const urls = [`${base}`, `${base}${made.body.id}/`, `${base}${made.body.id}/file/`];
    for (const role of ['owner', 'staff'] as const) {
      for (const url of urls) expect((await call('GET', url, tokens[role])).status, `${role} ${url}`).toBe(200);
    }
    expect((await ask({ kind: 'gifts' }, tokens.viewer)).status).toBe(403);
    for (const url of urls) expect((await call('GET', url, tokens.viewer)).status, url).toBe(403);
    for (const who of ['otherMember', 'plain'] as const) {
      expect((await ask({ kind: 'gifts' }, tokens[who])).status, who).toBe(404);
      for (const url of urls) expect((await call('GET', url, tokens[who])).status, `${who} ${url}`).toBe(404);
    }
    expect((await ask({ kind: 'gifts' }, '')).status).toBe(401);
    for (const url of urls) expect((await call('GET', url)).status, url).toBe(401);
  });

  it("finds another associate's export nowhere in this one's console", async () => {
    const db = t.database.db;
    const [other] = await db.select({ id: associates.id }).from(associates).where(eq(associates.uid, OTHER_UID));
    const [foreign] = await db
      .insert(consoleExports)
      .values({
        associateId: other!.id,
        requestedByLabel: 'x@example.com',
        kind: 'gifts',
        filters: {},
        fileKey: 'console-exports/x',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    expect((await call('GET', `${base}${foreign!.id}/`, tokens.owner)).status).toBe(404);
    expect((await call('GET', `${base}${foreign!.id}/file/`, tokens.owner)).status).toBe(404);
    expect((await call<api.ConsoleExports>('GET', base, tokens.owner)).body.results.map((row) => row.id)).not.toContain(foreign!.id);
  });
});

describe('an export of the gifts', () => {
  it('writes the filtered gifts as CSV, counts its progress, audits it once and mails the requester a link', async () => {
    const made = await ask({ kind: 'gifts', filters: { method: 'creditCard', sort: 'amount_desc' }, lang: 'ja' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'pending', rows_done: 0, rows_total: null, download_url: null });
    expect((await call<api.ConsoleExport>('GET', `${base}${made.body.id}/file/`, tokens.staff)).status).toBe(409);
    await t.app.jobs.worker.drain();

    const cards = Array.from({ length: GIFTS }, (_, n) => n).filter((n) => n % 3 !== 2);
    const state = await call<api.ConsoleExport>('GET', `${base}${made.body.id}/`, tokens.staff);
    expect(state.body).toMatchObject({ status: 'ready', rows_total: cards.length, rows_done: cards.length });
    expect(state.body.download_url).toBe(`${base}${made.body.id}/file/`);

    const file = await call('GET', state.body.download_url!, tokens.staff);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`gifts-${UID}-${made.body.id}.csv`);
    expect(file.text.startsWith('\uFEFFID,受付日時,入金日時,支援者,')).toBe(true);
    const lines = records(file.text);
    expect(lines).toHaveLength(cards.length + 1);
    // Sorted by amount, largest first, as the list is.
    const amounts = lines.slice(1).map((line) => Number(line.split(',')[10]));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(lines.slice(1).every((line) => line.includes(',クレジットカード,'))).toBe(true);
    // Anonymous gifts: no name, kana, e-mail, address, phone or membership — only "はい" in the anonymous column.
    const anonymous = lines.filter((line) => line.split(',')[8] === 'はい');
    expect(anonymous).toHaveLength(cards.filter((n) => n % 10 === 0).length);
    for (const line of anonymous) expect(line.split(',').slice(3, 10)).toEqual(['', '', '', '', '', 'はい', '']);
    expect(file.text).not.toMatch(/export-(0|10|20)@example\.com/);
    // The formula is text: a leading quote, and quoted for its own quotes.
    expect(file.text).toContain(`"'=HYPERLINK(""http://example.com"")"`);
    expect(file.text).toContain('export-7@example.com');

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subject, `export:${made.body.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'export.gifts', rowCount: cards.length, actorLabel: staffEmail, associateId });
    expect(audit[0]!.detail).toEqual({ method: 'creditCard', sort: 'amount_desc' });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'console-export-ready'));
    const mail = mails.find((row) => row.textBody.includes(`/dashboard/${UID}/exports/${made.body.id}`));
    expect(mail).toMatchObject({ toAddress: staffEmail, subject: 'CSVエクスポートの準備ができました' });
    expect(mail!.textBody).toContain(`（${cards.length}件）`);
  });

  it('answers the same export for the same request key, and for the same filters while one is pending', async () => {
    const key = 'press-0123456789abcdef';
    const first = await ask({ kind: 'gifts', filters: { status: 'paid' }, request_key: key });
    const again = await ask({ kind: 'gifts', filters: { status: 'paid' }, request_key: key });
    expect([first.status, again.status, again.body.id]).toEqual([201, 200, first.body.id]);
    expect((await ask({ kind: 'gifts', filters: { status: 'failed' }, request_key: key })).status).toBe(409);
    const plain = await ask({ kind: 'supporters', filters: { q: '輸出' } });
    const twice = await ask({ kind: 'supporters', filters: { q: '輸出' } });
    expect([plain.status, twice.status, twice.body.id]).toEqual([201, 200, plain.body.id]);
    await t.app.jobs.worker.drain();
    const supporters = await call('GET', `${base}${plain.body.id}/file/`, tokens.staff);
    const lines = records(supporters.text);
    expect(lines[0]).toBe(
      '\uFEFFID,氏名,フリガナ,メールアドレス,法人,会員,ニュースレター,初回寄付,最新寄付,寄付回数,累計額,今年の額,最新の支払方法,継続寄付,継続額,次回決済日'.slice(
        1,
      ),
    );
    // One row per open giver whose name matches: the anonymous givers are not there at all.
    expect(lines).toHaveLength(1 + Array.from({ length: GIFTS }, (_, n) => n).filter((n) => n % 10 !== 0 && n !== 7).length);
    expect(supporters.text).not.toContain('export-10@example.com');
    // The log says there was a search, never its text (it may be a name).
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subject, `export:${plain.body.id}`));
    expect(audit).toMatchObject({ action: 'export.supporters', detail: { sort: 'last_gift_desc', search: true } });
  });

  it('holds the list’s gifts in the list’s order for each filter and sort', async () => {
    const queries: Partial<api.ConsoleGiftsQuery>[] = [
      { sort: 'date_desc' },
      { sort: 'date_asc', method: 'bankTransfer' },
      { sort: 'amount_asc', q: '輸出1' },
      { sort: 'amount_desc', status: 'paid', kind: 'single' },
    ];
    for (const query of queries) {
      const listed: number[] = [];
      for (let page = 1; ; page++) {
        const answer = await listConsoleGifts(t.database.db, associateId, {
          lang: 'ja',
          page,
          page_size: 100,
          sort: 'date_desc',
          ...query,
        });
        listed.push(...answer.results.map((gift) => gift.id));
        if (answer.results.length < 100) break;
      }
      const source = giftsExportSource(t.database.db, {
        associateId,
        lang: 'en',
        until: new Date(),
        filters: { sort: 'date_desc', ...query },
      });
      const exported: number[] = [];
      let cursor: unknown[] | null = null;
      for (;;) {
        const page: { rows: unknown[][]; cursor: unknown[] | null } = await source.page(cursor, 7);
        exported.push(...page.rows.map((row) => row[0] as number));
        cursor = page.cursor;
        if (page.rows.length < 7) break;
      }
      expect(exported, JSON.stringify(query)).toEqual(listed);
      expect(await source.count()).toBe(listed.length);
    }
  });
});

/**
 * Claims the export's job and runs it as a worker would, with pages of 40 and `deps` that make it
 * stop with `error` once three pages are stored and recorded.
 */
async function runStoppedAfterThreePages(exportId: number, deps: Pick<ExportDeps, 'db' | 'storage'>, error: string) {
  const claimed = await claimJobs(t.database.db, 'worker-1-dead@test', 10);
  const job = claimed.find((one) => one.kind === BUILD_CONSOLE_EXPORT_JOB && (one.payload as { exportId?: number }).exportId === exportId);
  expect(job, 'the export job is among the claimed').toBeDefined();
  // A job that came due beside it (a mail whose retry time passed on a busy machine) was claimed too:
  // it goes back to the queue for the next run, which is not the one under test.
  const others = claimed.filter((one) => one !== job).map((one) => one.id);
  if (others.length > 0)
    await t.database.db
      .update(jobs)
      .set({ status: 'queued', lockedBy: null, lockedAt: null, lockedUntil: null })
      .where(inArray(jobs.id, others));
  await expect(
    buildExport({ ...deps, mailLinks: t.app.mailLinks, pageRows: 40 }, exportId, {
      jobId: job!.id,
      attempt: job!.attempts,
      lastAttempt: false,
    }),
  ).rejects.toThrow(error);
  const midway = await call<api.ConsoleExport>('GET', `${base}${exportId}/`, tokens.staff);
  expect(midway.body).toMatchObject({ status: 'running', rows_total: GIFTS, rows_done: 120 });
  return job!;
}

/** Lets the job's lease run out so the worker's next claim takes it over; answers the finished file and its gift ids. */
async function finishedByNextRun(exportId: number, jobId: number) {
  await t.database.db
    .update(jobs)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, jobId));
  await t.app.jobs.worker.drain();
  const done = await call<api.ConsoleExport>('GET', `${base}${exportId}/`, tokens.staff);
  expect(done.body).toMatchObject({ status: 'ready', rows_total: GIFTS, rows_done: GIFTS });
  const file = await call('GET', done.body.download_url!, tokens.staff);
  const ids = records(file.text)
    .slice(1)
    .map((line) => Number(line.split(',')[0]));
  return { text: file.text, ids };
}

describe('a worker that dies mid-export', () => {
  it('leaves the export to the next run through the job lease, which goes on from its last stored page', async () => {
    const db = t.database.db;
    await t.app.jobs.worker.drain();
    const made = await ask({ kind: 'gifts', filters: { sort: 'date_asc' }, lang: 'en' });
    // A worker claims the job, stores three pages of 40 and dies (its storage stops answering).
    let puts = 0;
    const dying: FileStorage = {
      ...t.app.fileStorage,
      put: async (key, bytes) => {
        if (++puts > 3) throw new Error('killed');
        await t.app.fileStorage.put(key, bytes);
      },
    };
    const job = await runStoppedAfterThreePages(made.body.id, { db, storage: dying }, 'killed');

    // Its lease runs out; the next claim takes the job over and finishes the file.
    const file = await finishedByNextRun(made.body.id, job.id);
    expect(file.text.startsWith('\uFEFFID,Created at,')).toBe(true);
    expect(file.text.match(/\uFEFF/g)).toHaveLength(1);
    expect(new Set(file.ids).size).toBe(GIFTS);
    expect(file.ids).toHaveLength(GIFTS);
    const [jobRow] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(jobRow).toMatchObject({ status: 'succeeded', attempts: 2 });

    // The dead run, had it come back, could record nothing more: the job is another run's.
    await expect(
      buildExport({ db, storage: t.app.fileStorage, mailLinks: t.app.mailLinks, pageRows: 40 }, made.body.id, {
        jobId: job.id,
        attempt: 1,
        lastAttempt: false,
      }),
    ).resolves.toBeUndefined();
    const audits = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, `export:${made.body.id}`), eq(auditEvents.action, 'export.gifts')));
    expect(audits).toHaveLength(1);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.textBody} like ${`%/exports/${made.body.id}%`}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your CSV export is ready');
  });
});

describe('a page that cannot be read', () => {
  it('stops the run after the pages before it, read ahead or not, and the retry goes on from there', async () => {
    const db = t.database.db;
    await t.app.jobs.worker.drain();
    const made = await ask({ kind: 'gifts', filters: { sort: 'date_desc' }, lang: 'ja' });
    // The count, then pages of 40, each read while the one before is written: the fourth page's read
    // fails while the third is being written. That failure must stop the run, not go unheard.
    let reads = 0;
    const flaky = Object.create(db, {
      execute: {
        value: (query: Parameters<typeof db.execute>[0]) =>
          ++reads === 5 ? Promise.reject(new Error('connection lost')) : db.execute(query),
      },
    }) as typeof db;
    const job = await runStoppedAfterThreePages(made.body.id, { db: flaky, storage: t.app.fileStorage }, 'connection lost');

    // The retry writes the rest: every gift once, in the list's order.
    const file = await finishedByNextRun(made.body.id, job.id);
    const listed = await listConsoleGifts(db, associateId, { lang: 'ja', page: 1, page_size: GIFTS, sort: 'date_desc' });
    expect(file.ids).toEqual(listed.results.map((gift) => gift.id));
  });
});

describe('expired exports', () => {
  it('are removed with their files by the sweep, and their download is gone', async () => {
    const db = t.database.db;
    const made = await ask({ kind: 'gifts', filters: { method: 'walletPay' } });
    await t.app.jobs.worker.drain();
    const [row] = await db.select().from(consoleExports).where(eq(consoleExports.id, made.body.id));
    expect(row!.status).toBe('ready');
    expect(await t.app.fileStorage.get(row!.partKeys[0]!)).toBeDefined();
    await db
      .update(consoleExports)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(consoleExports.id, made.body.id));
    expect((await call('GET', `${base}${made.body.id}/file/`, tokens.staff)).status).toBe(404);
    expect(await sweepExpiredExports(t.app.fileStorage, db)).toBeGreaterThanOrEqual(1);
    expect(await t.app.fileStorage.get(row!.partKeys[0]!)).toBeUndefined();
    expect((await call('GET', `${base}${made.body.id}/`, tokens.staff)).status).toBe(404);
  });
});
