// One failed job never holds another (ADR 022): the worker claims jobs in batches, and a job that
// fails while a copy under its dedupe key was queued meanwhile (the page refresh while the web app
// is down and another donation settles) used to abort the whole batch on the unique index,
// leaving the batch's money jobs 'running' until their lock went stale five minutes later.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, recurringDonations } from '../src/db/schema/index';
import { ACTIVATE_RECURRING_DONATION_JOB } from '../src/donations/settle-donation-effects';
import { enqueuePublicPagesRefresh, REFRESH_PUBLIC_PAGES_JOB } from '../src/public-pages/refresh-public-pages';
import { paidMonthlyGift } from './helpers/paid-monthly-gift';
import { sandboxTestApp } from './helpers/sandbox-test-app';

// The web app is down (503) and, while the refresh call is out, another donation settles and
// queues the next refresh.
const web = createServer((request, response) => {
  request.resume();
  void enqueuePublicPagesRefresh(h.t.database.db).then(() => response.writeHead(503).end());
});
beforeAll(() => new Promise<void>((listening) => web.listen(0, '127.0.0.1', listening)));
afterAll(() => new Promise((closed) => web.close(closed)));
const h = sandboxTestApp({
  env: () => ({
    BOT_CHECK_ENABLED: 'false',
    WEB_REVALIDATE_URL: `http://127.0.0.1:${(web.address() as AddressInfo).port}/api/revalidate`,
    REVALIDATE_SECRET: 'test-revalidate-secret-0123456789',
  }),
});

const db = () => h.t.database.db;

describe('a batch of jobs', () => {
  it('runs the money job even when the page refresh before it fails and cannot be re-queued', async () => {
    const gift = await paidMonthlyGift(h.t, h.sandbox);
    // The paid first payment queued both; the refresh is claimed first in the batch.
    await db()
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 minute'` })
      .where(and(eq(jobs.kind, REFRESH_PUBLIC_PAGES_JOB), eq(jobs.status, 'queued')));
    const [activation] = await db()
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, ACTIVATE_RECURRING_DONATION_JOB),
          sql`${jobs.payload}->>'recurringDonationId' = ${String(gift.recurringDonationId)}`,
        ),
      );
    expect(activation).toMatchObject({ status: 'queued' });

    expect(await h.t.app.jobs.worker.runOnce()).toBeGreaterThanOrEqual(2);

    expect(await db().select({ id: jobs.id, kind: jobs.kind }).from(jobs).where(eq(jobs.status, 'running'))).toEqual([]);
    expect((await db().select().from(jobs).where(eq(jobs.id, activation!.id)))[0]).toMatchObject({ status: 'succeeded', lockedAt: null });
    const [recurring] = await db().select().from(recurringDonations).where(eq(recurringDonations.id, gift.recurringDonationId));
    expect(recurring).toMatchObject({ status: 'active', recurringId: expect.stringMatching(/^schd_/) });
    // The failed refresh gave way to its queued copy, which the next tick runs.
    const refreshes = await db()
      .select({ status: jobs.status, lastError: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.kind, REFRESH_PUBLIC_PAGES_JOB));
    expect(refreshes).toEqual(
      expect.arrayContaining([
        { status: 'failed', lastError: expect.stringContaining('HTTP 503') },
        { status: 'queued', lastError: null },
      ]),
    );
  });
});
