// Cached public pages follow the data (ADR 020): the web app keeps public API answers (and the pages
// made of them) for a minute; when a donation is paid the campaign's raised amount and supporters,
// the associate's supporters and the lists change, so the API asks the web app to expire those
// answers now. A durable job, enqueued in the settling transaction, makes the call: it is retried
// when the web app is away, and coalesced (one queued at a time) when many donations settle at once.
import { api } from '@kifu/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { enqueueJob } from '../jobs/enqueue-job';

export const REFRESH_PUBLIC_PAGES_JOB = 'refresh-public-pages';

/** What a paid donation changes: campaign and associate figures, and portfolio pages listing them. */
export const TAGS_A_DONATION_CHANGES = ['/campaign/', '/associate/', '/portfolio/'].map(api.publicCacheTag);

export async function enqueuePublicPagesRefresh(tx: Database): Promise<void> {
  await enqueueJob(tx, { kind: REFRESH_PUBLIC_PAGES_JOB, payload: { tags: TAGS_A_DONATION_CHANGES }, dedupeKey: REFRESH_PUBLIC_PAGES_JOB });
}

export interface RefreshTarget {
  url: string | undefined;
  secret: string | undefined;
  timeoutMs: number;
}

/** POSTs the tags to the web app; a non-2xx answer throws so the job is retried. No target: nothing to do. */
export async function refreshPublicPages(target: RefreshTarget, payload: Record<string, unknown>): Promise<'refreshed' | 'not_configured'> {
  if (!target.url || !target.secret) return 'not_configured';
  const body: api.RevalidateRequest = api.revalidateRequest.parse(payload);
  const response = await fetch(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.secret}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(target.timeoutMs),
  });
  if (!response.ok) throw new Error(`web app refused the page refresh: HTTP ${response.status}`);
  return 'refreshed';
}

export async function publicPagesPlugin(app: FastifyInstance): Promise<void> {
  const target: RefreshTarget = {
    url: app.config.WEB_REVALIDATE_URL,
    secret: app.config.REVALIDATE_SECRET,
    timeoutMs: app.config.PROVIDER_TIMEOUT_MS,
  };
  app.jobs.handle(REFRESH_PUBLIC_PAGES_JOB, async (payload) => {
    // The web app re-reads the API at once: the API's own kept answers must not be older.
    app.publicReadCache.changed();
    await refreshPublicPages(target, payload);
  });
}
