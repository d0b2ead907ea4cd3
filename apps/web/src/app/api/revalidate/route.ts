// POST /api/revalidate (ADR 020): the API expires the cached public answers of the given kinds when
// their data changes (a donation paid changes a campaign's raised amount, an associate's supporters),
// so cached pages show the change at once instead of after PUBLIC_CACHE_SECONDS.
// Bearer REVALIDATE_SECRET, compared in constant time; off (404) when no secret is configured.
import { createHash, timingSafeEqual } from 'node:crypto';
import { api } from '@kifu/domain';
import { revalidateTag } from 'next/cache';
import { env } from '@/lib/env';

const digest = (value: string) => createHash('sha256').update(value).digest();

function authorised(header: string | null, secret: string): boolean {
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(token), digest(secret));
}

export async function POST(request: Request): Promise<Response> {
  if (!env.REVALIDATE_SECRET) return Response.json({ detail: 'Not found' }, { status: 404 });
  if (!authorised(request.headers.get('authorization'), env.REVALIDATE_SECRET)) {
    return Response.json({ detail: 'Unauthorized' }, { status: 401 });
  }
  const parsed = api.revalidateRequest.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ detail: 'Body must be { tags: ["api:<kind>", …] }' }, { status: 400 });
  // expire: 0 — the next request fetches fresh data instead of being served the stale answer once more.
  for (const tag of parsed.data.tags) revalidateTag(tag, { expire: 0 });
  return Response.json({ revalidated: parsed.data.tags });
}
