// The console's audit log (ADR 060): every export of personal data, every refund, every receipt
// reissued and every change of members is written here, in the transaction of what it records,
// so the log cannot miss a thing that happened nor hold one that did not. Owners read it at
// /dashboard/{uid}/audit. It holds what was done and to what, never the personal data itself.
import type { api } from '@kifu/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema/index';
import { pageOf, pageWindow, type PageQuery } from '../lib/paginate';
import type { ConsoleCaller } from './console-access';

export async function recordAudit(
  tx: Database,
  /** The caller, or for work finished later (a refund the provider confirmed) the one who asked. */
  caller: { associate: Pick<ConsoleCaller['associate'], 'id'>; userId: number | null; label: string },
  event: { action: api.AuditAction; subject?: string; rowCount?: number; detail?: Record<string, string | number | boolean | null> },
): Promise<void> {
  await tx.insert(auditEvents).values({
    associateId: caller.associate.id,
    actorUserId: caller.userId,
    actorLabel: caller.label,
    action: event.action,
    subject: event.subject ?? null,
    rowCount: event.rowCount ?? null,
    detail: event.detail ?? null,
  });
}

export async function listAudit(db: Database, associateId: number, page: PageQuery): Promise<api.AuditLog> {
  const { limit, offset } = pageWindow(page);
  const rows = await db
    .select({ row: auditEvents, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(auditEvents)
    .where(eq(auditEvents.associateId, associateId))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit)
    .offset(offset);
  const count = rows[0]?.total ?? (await db.$count(auditEvents, eq(auditEvents.associateId, associateId)));
  return pageOf(
    page,
    count,
    rows.map(({ row }) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actor: row.actorLabel,
      action: row.action as api.AuditAction,
      subject: row.subject,
      row_count: row.rowCount,
      detail: row.detail ?? null,
    })),
  );
}
