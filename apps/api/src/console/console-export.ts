// The console's CSV exports (ADR 065): a member with the export permission asks for the gifts or
// supporters table with its filters; a job writes the file a page at a time into the private file
// storage (one part per page, so memory holds one page, and a run a crash stopped goes on from its
// last stored page), counting rows_done for the console's progress bar; when it is ready the
// export is audited and the requester mailed a link, in one transaction. Files are kept
// CONSOLE_EXPORT_KEPT_DAYS, then the sweep removes them.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { api, csvHeader, csvLine, japanIsoDate } from '@kifu/domain';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateMembers, associates, consoleExports, jobs, users } from '../db/schema/index';
import { enqueueJob } from '../jobs/enqueue-job';
import { AppError } from '../lib/app-error';
import { isUniqueViolation } from '../lib/unique-violation';
import type { MailLinks } from '../mail/mail-links';
import { enqueueMail } from '../mail/enqueue-mail';
import type { FileStorage } from '../media/file-storage';
import { recordAudit } from './audit-log';
import type { ConsoleCaller } from './console-access';
import { giftsExportSource } from './console-export-gifts';
import type { ExportSource } from './console-export-pages';
import { supportersExportSource } from './console-export-supporters';

export const BUILD_CONSOLE_EXPORT_JOB = 'build-console-export';
export const SWEEP_CONSOLE_EXPORTS_JOB = 'sweep-console-exports';
export const CONSOLE_EXPORT_MAX_ATTEMPTS = 3;
/** Rows per page and per stored part: a page's query and its part stay small, a progress bar moves. */
export const CONSOLE_EXPORT_PAGE_ROWS = 1_000;

type ExportRow = typeof consoleExports.$inferSelect;
const DAY_MS = 86_400_000;
/** Filters as text with their keys in order: jsonb keeps its own key order. */
const canonical = (filters: Record<string, unknown>) => JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));

export function exportView(row: ExportRow, uid: string, now = new Date()): api.ConsoleExport {
  const kept = row.status === 'ready' && row.expiresAt > now;
  return {
    id: row.id,
    kind: row.kind,
    filters: row.filters,
    lang: row.locale as api.ConsoleExport['lang'],
    status: row.status,
    requested_by: row.requestedByLabel,
    rows_total: row.rowsTotal,
    rows_done: row.rowsDone,
    download_url: kept ? `/associate/${uid}/console/exports/${row.id}/file/` : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * Asks for an export. The same request key answers the export it made (another kind or filters
 * under it is a conflict); without a key, a pending or running export of the same kind, filters and
 * language by the same person is answered instead of a second. The caller's member row is locked,
 * so two presses at once make one export.
 */
export async function requestExport(
  db: Database,
  caller: ConsoleCaller,
  body: api.ConsoleExportRequestBody,
  now = new Date(),
): Promise<{ row: ExportRow; created: boolean }> {
  const filters = body.filters as Record<string, unknown>;
  const sameExport = (row: ExportRow) =>
    row.associateId === caller.associate.id &&
    row.kind === body.kind &&
    row.locale === body.lang &&
    canonical(row.filters) === canonical(filters);
  try {
    return await db.transaction(async (tx) => {
      await tx
        .select({ userId: associateMembers.userId })
        .from(associateMembers)
        .where(and(eq(associateMembers.associateId, caller.associate.id), eq(associateMembers.userId, caller.userId)))
        .for('update');
      const [existing] = await tx
        .select()
        .from(consoleExports)
        .where(
          body.request_key
            ? and(eq(consoleExports.requestedBy, caller.userId), eq(consoleExports.requestKey, body.request_key))
            : and(
                eq(consoleExports.associateId, caller.associate.id),
                eq(consoleExports.requestedBy, caller.userId),
                eq(consoleExports.kind, body.kind),
                eq(consoleExports.locale, body.lang),
                inArray(consoleExports.status, ['pending', 'running']),
                sql`${consoleExports.filters} = ${JSON.stringify(filters)}::jsonb`,
              ),
        )
        .orderBy(desc(consoleExports.id))
        .limit(1);
      if (existing) {
        if (!sameExport(existing)) throw new AppError('conflict', 'the request key was used for another export');
        return { row: existing, created: false };
      }
      const [row] = await tx
        .insert(consoleExports)
        .values({
          associateId: caller.associate.id,
          requestedBy: caller.userId,
          requestedByLabel: caller.label,
          requestKey: body.request_key ?? null,
          kind: body.kind,
          filters,
          locale: body.lang,
          fileKey: `console-exports/${caller.associate.id}-${randomBytes(12).toString('hex')}`,
          expiresAt: new Date(now.getTime() + api.CONSOLE_EXPORT_KEPT_DAYS * DAY_MS),
        })
        .returning();
      await enqueueJob(tx, {
        kind: BUILD_CONSOLE_EXPORT_JOB,
        payload: { exportId: row!.id },
        dedupeKey: `console-export:${row!.id}`,
        maxAttempts: CONSOLE_EXPORT_MAX_ATTEMPTS,
      });
      return { row: row!, created: true };
    });
  } catch (error) {
    // The same key pressed twice at once: the other press made it.
    if (!body.request_key || !isUniqueViolation(error)) throw error;
    const [row] = await db
      .select()
      .from(consoleExports)
      .where(and(eq(consoleExports.requestedBy, caller.userId), eq(consoleExports.requestKey, body.request_key)));
    if (!row || !sameExport(row)) throw new AppError('conflict', 'the request key was used for another export');
    return { row, created: false };
  }
}

/** One export of the caller's associate; another associate's is "not found". */
export async function exportOf(db: Database, associateId: number, exportId: number): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(consoleExports)
    .where(and(eq(consoleExports.id, exportId), eq(consoleExports.associateId, associateId)))
    .limit(1);
  if (!row) throw new AppError('not_found', `export ${exportId} not found`);
  return row;
}

/** The associate's exports still kept, newest first. */
export async function listExports(db: Database, associateId: number, now = new Date()): Promise<ExportRow[]> {
  return db
    .select()
    .from(consoleExports)
    .where(and(eq(consoleExports.associateId, associateId), sql`${consoleExports.expiresAt} > ${now.toISOString()}`))
    .orderBy(desc(consoleExports.id))
    .limit(50);
}

/** The ready file, its parts read one after another: the API never holds more than one page. */
export async function exportFile(storage: FileStorage, row: ExportRow, now = new Date()): Promise<Readable> {
  if (row.status !== 'ready') throw new AppError('conflict', `export ${row.id} is ${row.status}`);
  const first = row.expiresAt > now ? await storage.get(row.partKeys[0] ?? '') : undefined;
  if (!first) throw new AppError('not_found', `export ${row.id} has expired`);
  async function* parts() {
    yield first!;
    for (const key of row.partKeys.slice(1)) {
      const bytes = await storage.get(key);
      if (!bytes) throw new Error(`export ${row.id}: part ${key} is missing`);
      yield bytes;
    }
  }
  return Readable.from(parts());
}

export const exportFileName = (row: ExportRow, uid: string) => `${row.kind}-${uid}-${row.id}.csv`;

/** A run of the job that lost it (its lease ran out and another worker took it over) stops. */
class RunTakenOver extends Error {
  override name = 'RunTakenOver';
}

export interface ExportDeps {
  db: Database;
  storage: FileStorage;
  mailLinks: MailLinks;
  pageRows?: number;
}

function sourceOf(db: Database, row: ExportRow): ExportSource {
  const input = { associateId: row.associateId, lang: row.locale as api.ConsoleExport['lang'], until: row.createdAt };
  return row.kind === 'gifts'
    ? giftsExportSource(db, { ...input, filters: api.consoleGiftsExportFilters.parse(row.filters) })
    : supportersExportSource(db, { ...input, filters: api.consoleSupportersExportFilters.parse(row.filters) });
}

/**
 * The job. Each page is stored as a part, then the part, the cursor after it and rows_done are
 * recorded in one statement that holds only while this run of the job still holds it (ADR 054:
 * same attempt, still running); a run taken over stops at its next page and its parts are never
 * listed. A later run (the retry after a failure, or the one that took over after a crash) goes on
 * from the recorded cursor: a part stored but not recorded is written again under the new run's
 * name. Ready, audit and mail are one transaction.
 */
export async function buildExport(
  deps: ExportDeps,
  exportId: number,
  run: { jobId: number; attempt: number; lastAttempt: boolean },
): Promise<void> {
  const { db, storage } = deps;
  const pageRows = deps.pageRows ?? CONSOLE_EXPORT_PAGE_ROWS;
  const stillHeld: SQL = sql`exists (select 1 from ${jobs} where ${jobs.id} = ${run.jobId} and ${jobs.status} = 'running' and ${jobs.attempts} = ${run.attempt})`;
  const ours = (row: ExportRow) => and(eq(consoleExports.id, row.id), inArray(consoleExports.status, ['pending', 'running']), stillHeld);
  const [found] = await db.select().from(consoleExports).where(eq(consoleExports.id, exportId)).limit(1);
  if (!found || (found.status !== 'pending' && found.status !== 'running')) return;
  let row: ExportRow = found;
  try {
    const source = sourceOf(db, row);
    if (row.rowsTotal === null || row.status === 'pending') {
      const total = row.rowsTotal ?? (await source.count());
      const [started] = await db
        .update(consoleExports)
        .set({ status: 'running', rowsTotal: total, startedAt: row.startedAt ?? new Date() })
        .where(ours(row))
        .returning();
      if (!started) throw new RunTakenOver(`export ${exportId}: run ${run.attempt} was taken over`);
      row = started;
    }
    let next = source.page(row.cursor, pageRows);
    for (;;) {
      const partKeys: string[] = row.partKeys;
      const page = await next;
      // The next page is read while this one is written and recorded: the database and this
      // process work at once instead of in turn (ADR 065 "Speed"). Its cursor is this page's last
      // row, recorded or not. Should this page fail, the read still under way is left to end unheard.
      if (page.rows.length === pageRows) {
        next = source.page(page.cursor, pageRows);
        next.catch(() => undefined);
      }
      const text = (partKeys.length === 0 ? csvHeader(source.header) : '') + page.rows.map(csvLine).join('');
      if (text.length > 0) {
        const key = `${row.fileKey}/${partKeys.length}-${run.attempt}.csv`;
        await storage.put(key, Buffer.from(text, 'utf8'));
        const [recorded]: ExportRow[] = await db
          .update(consoleExports)
          .set({
            partKeys: [...partKeys, key],
            cursor: page.cursor,
            rowsDone: sql`${consoleExports.rowsDone} + ${page.rows.length}`,
          })
          .where(and(ours(row), sql`jsonb_array_length(${consoleExports.partKeys}) = ${partKeys.length}`))
          .returning();
        if (!recorded) throw new RunTakenOver(`export ${exportId}: run ${run.attempt} was taken over`);
        row = recorded;
      }
      if (page.rows.length < pageRows) break;
    }
    await finish(deps, row);
  } catch (error) {
    if (run.lastAttempt && !(error instanceof RunTakenOver))
      await db.update(consoleExports).set({ status: 'failed', error: 'export_failed' }).where(ours(row));
    throw error;
  }
}

async function finish(deps: ExportDeps, row: ExportRow): Promise<void> {
  const [requester] = row.requestedBy ? await deps.db.select({ email: users.email }).from(users).where(eq(users.id, row.requestedBy)) : [];
  const [associate] = await deps.db
    .select({ uid: associates.uid, name: associates.name, nameEn: associates.nameEn })
    .from(associates)
    .where(eq(associates.id, row.associateId));
  const lang = row.locale as api.ConsoleExport['lang'];
  const now = new Date();
  const expiresAt = new Date(now.getTime() + api.CONSOLE_EXPORT_KEPT_DAYS * DAY_MS);
  await deps.db.transaction(async (tx) => {
    const [ready] = await tx
      .update(consoleExports)
      .set({ status: 'ready', readyAt: now, rowsTotal: row.rowsDone, expiresAt, cursor: null })
      .where(and(eq(consoleExports.id, row.id), eq(consoleExports.status, 'running'), eq(consoleExports.rowsDone, row.rowsDone)))
      .returning();
    if (!ready) return;
    // The filters say what was exported; a search's text may be a supporter's name or e-mail, which
    // the log never holds (ADR 060), so only that there was one.
    const detail: Record<string, string | number | boolean> = Object.fromEntries(
      Object.entries(row.filters).filter(
        (entry): entry is [string, string | number | boolean] =>
          entry[0] !== 'q' && ['string', 'number', 'boolean'].includes(typeof entry[1]),
      ),
    );
    if (row.filters.q) detail.search = true;
    await recordAudit(
      tx,
      { associate: { id: row.associateId }, userId: row.requestedBy, label: row.requestedByLabel },
      { action: row.kind === 'gifts' ? 'export.gifts' : 'export.supporters', subject: `export:${row.id}`, rowCount: row.rowsDone, detail },
    );
    await enqueueMail(tx, {
      to: requester?.email ?? row.requestedByLabel,
      locale: lang,
      template: 'console-export-ready',
      values: {
        associate: (lang === 'en' && associate?.nameEn) || associate?.name || '',
        number: row.rowsDone.toLocaleString(lang === 'en' ? 'en-US' : 'ja-JP'),
        link: deps.mailLinks.page(`/dashboard/${associate?.uid ?? ''}/exports/${row.id}`, lang),
        date: japanIsoDate(expiresAt),
      },
    });
  });
}

/**
 * Removes expired exports and their files: every part listed, and the parts a run taken over may
 * have stored unlisted under the same folder (each part is named by its place and its run).
 */
export async function sweepExpiredExports(storage: FileStorage, db: Database, now = new Date()): Promise<number> {
  const expired = await db.select().from(consoleExports).where(lt(consoleExports.expiresAt, now)).limit(200);
  for (const row of expired) {
    const keys = new Set(row.partKeys);
    for (let part = 0; part <= row.partKeys.length; part++)
      for (let attempt = 1; attempt <= CONSOLE_EXPORT_MAX_ATTEMPTS; attempt++) keys.add(`${row.fileKey}/${part}-${attempt}.csv`);
    for (const key of keys) await storage.delete(key);
    await db.delete(consoleExports).where(eq(consoleExports.id, row.id));
  }
  return expired.length;
}
