// GET /config/faq/: the published FAQ entries in display order, localised (ADR 002).
import type { api, Locale } from '@kifu/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { localizer } from '../lib/localize';

export async function listFaqEntries(db: Database, lang: Locale): Promise<api.FaqList> {
  const rows = await db
    .select()
    .from(t.faqEntries)
    .where(eq(t.faqEntries.isPublished, true))
    .orderBy(asc(t.faqEntries.sortOrder), asc(t.faqEntries.id));
  const tr = localizer(lang);
  return { count: rows.length, results: rows.map((row) => ({ id: row.id, question: tr(row, 'question'), answer: tr(row, 'answer') })) };
}
