// Totals per organisation of a supporter's received gifts (spec §7 /user/my_page/donation/associate/),
// a portfolio gift counted at each organisation for its share. Largest total first.
import type { api, Locale } from '@kifu/domain';
import { and, desc, eq, max, sql, count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, donations } from '../db/schema/index';
import { localizer } from '../lib/localize';
import { keptAmount } from '../read-models/kept-amount';

export async function associateTotals(
  db: Database,
  userId: number,
  lang: Locale,
  mediaUrl: (path: string) => string,
): Promise<api.AssociateTotal[]> {
  const localize = localizer(lang);
  const total = sql<number>`sum(${keptAmount})::int`;
  const rows = await db
    .select({
      uid: associates.uid,
      name: associates.name,
      nameEn: associates.nameEn,
      logoPath: associates.logoPath,
      total,
      count: count(donations.id),
      lastPaidAt: max(donations.paidAt),
    })
    .from(donations)
    .innerJoin(associates, eq(associates.id, donations.associateId))
    .where(and(eq(donations.userId, userId), eq(donations.status, 'paid')))
    .groupBy(associates.id)
    .orderBy(desc(total), associates.id);
  return rows.map((row) => ({
    associate: { uid: row.uid, name: localize(row, 'name'), logo: mediaUrl(row.logoPath) },
    total: Number(row.total),
    count: row.count,
    last_paid_at: row.lastPaidAt!.toISOString(),
  }));
}
