// Wire shapes shared by apps/api (response schemas) and apps/web (typed reads).
// JSON is snake_case like the request payloads of spec §3. Text is already localised by the API
// for the `lang` query (ja default, en falls back to ja where a translation is missing).
import { z } from 'zod';
import { LOCALES } from '../enums';

export const langQuery = z.object({ lang: z.enum(LOCALES).default('ja') });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A row id in a path or query: a positive Postgres integer, so an oversized one is a 400, not a database error. */
export const rowId = z.coerce.number().int().positive().max(2_147_483_647);

export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({ count: z.number().int(), page: z.number().int(), page_size: z.number().int(), results: z.array(item) });
}

/** Every error body carries `detail` (spec §7) plus a stable code the web maps to a message. */
export const errorBody = z.object({
  code: z.string(),
  detail: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const socialChallenge = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type SocialChallenge = z.infer<typeof socialChallenge>;

/** Image URLs are absolute paths served by the API under /media/. */
export const imageUrl = z.string();
