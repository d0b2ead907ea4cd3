// Wire shapes shared by apps/api (response schemas) and apps/web (typed reads).
// JSON is snake_case like the request payloads of spec §3. Text is already localised by the API
// for the `lang` query (ja default, en falls back to ja where a translation is missing).
import { z } from 'zod';
import { LOCALES } from '../enums';

export const langQuery = z.object({ lang: z.enum(LOCALES).default('ja') });

/** The range of a Postgres `integer` column, which our ids and counts are. */
export const PG_INTEGER_MAX = 2_147_483_647;
export const PG_INTEGER_MIN = -PG_INTEGER_MAX - 1;
/** The largest row id: our ids are Postgres `integer` columns. */
export const ROW_ID_MAX = PG_INTEGER_MAX;

/**
 * Every id a request carries goes through this one bound, so an id no row can have is a 400
 * 'value' field error and never reaches the database (a Postgres integer overflow is a 500).
 */
function boundedId<T extends z._ZodNumber<z.core.$ZodNumberInternals<unknown>>>(number: T): T {
  return number.int('value').positive('value').max(ROW_ID_MAX, 'value');
}

/** A row id in a JSON body. */
export const rowId = boundedId(z.number({ error: 'value' }));
/** A row id in a path or query (text). */
export const rowIdParam = boundedId(z.coerce.number({ error: 'value' }));

/**
 * Any other whole number a request stores in a Postgres `integer` column: one out of its range is
 * a 400 'value' field error, not the database's overflow (a 500).
 */
export const storedInteger = z.number({ error: 'value' }).int('value').min(PG_INTEGER_MIN, 'value').max(PG_INTEGER_MAX, 'value');

export const PAGE_SIZE_MAX = 100;
/** So that the offset, (page − 1) × page size, stays a Postgres integer too. */
export const PAGE_MAX = Math.floor(ROW_ID_MAX / PAGE_SIZE_MAX);

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});

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

/** A single-use code from a mailed link (password recovery, e-mail change, an invitation): 256 random bits, base64url. */
export const mailedCode = z
  .string()
  .min(1, 'required')
  .max(128, 'maxLength')
  .regex(/^[A-Za-z0-9_-]+$/, 'pattern');
