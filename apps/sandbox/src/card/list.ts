// Omise's list object and its pagination (https://docs.opn.ooo/pagination): limit (max 100),
// offset, order (chronological | reverse_chronological) and a from/to window on created_at.
import { z } from 'zod';
import { CardApiError } from './errors';
import { omiseTime } from './ids';

export interface ListQuery {
  limit: number;
  offset: number;
  order: 'chronological' | 'reverse_chronological';
  from: string;
  to: string;
}

export interface OmiseList<T> {
  object: 'list';
  data: T[];
  limit: number;
  offset: number;
  total: number;
  location: string;
  order: ListQuery['order'];
  from: string;
  to: string;
}

const EPOCH = '1970-01-01T00:00:00Z';
const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const dateTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'is not a valid date');

const querySchema = z.object({
  limit: integer(1, 100).default(20),
  offset: integer(0, Number.MAX_SAFE_INTEGER).default(0),
  order: z.enum(['chronological', 'reverse_chronological']).default('chronological'),
  from: dateTime.optional(),
  to: dateTime.optional(),
});

export function parseListQuery(query: unknown, now: Date): ListQuery {
  const parsed = querySchema.safeParse(query ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CardApiError('bad_request', `${issue?.path.join('.') ?? 'query'} is invalid`);
  }
  const { from, to, ...rest } = parsed.data;
  return { ...rest, from: from ? omiseTime(new Date(from)) : EPOCH, to: to ? omiseTime(new Date(to)) : omiseTime(now) };
}

/** A page of `items` (oldest first, as the store keeps them). */
export function listObject<T extends { created_at: string }, R>(
  items: Iterable<T>,
  query: ListQuery,
  location: string,
  present: (item: T) => R,
): OmiseList<R> {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  const inWindow = [...items].filter((item) => {
    const at = Date.parse(item.created_at);
    return at >= from && at <= to;
  });
  if (query.order === 'reverse_chronological') inWindow.reverse();
  return {
    object: 'list',
    data: inWindow.slice(query.offset, query.offset + query.limit).map(present),
    limit: query.limit,
    offset: query.offset,
    total: inWindow.length,
    location,
    order: query.order,
    from: query.from,
    to: query.to,
  };
}

/** A list nested in another object (a customer's cards, a charge's refunds): everything, one page. */
export function embeddedList<R>(data: R[], location: string, now: Date): OmiseList<R> {
  return {
    object: 'list',
    data,
    limit: Math.max(20, data.length),
    offset: 0,
    total: data.length,
    location,
    order: 'chronological',
    from: EPOCH,
    to: omiseTime(now),
  };
}
