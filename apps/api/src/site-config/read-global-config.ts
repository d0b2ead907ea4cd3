// GET /config/global/: every global entry as key → string parts (spec §7), in the asked language:
// an entry's English parts where it has them, its Japanese parts otherwise (ADR 002 fallback).
import type { api, Locale } from '@kifu/domain';
import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';

export async function readGlobalConfig(db: Database, lang: Locale): Promise<api.GlobalConfig> {
  const rows = await db.select().from(t.globalConfigEntries).orderBy(asc(t.globalConfigEntries.key));
  return Object.fromEntries(rows.map((row) => [row.key, lang === 'en' && row.partsEn ? row.partsEn : row.parts]));
}
