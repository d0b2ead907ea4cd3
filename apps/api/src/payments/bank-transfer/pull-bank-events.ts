// Catching dropped webhooks (providers.md "Reliability rules"): the bank keeps a log of every event
// it sent (GET /v1/events?since=, inclusive, oldest first). Pulled events go into the same inbox as
// webhooks — provider_events, unique per (provider, event id), insert-or-nothing — and are processed
// by the same `process-bank-event` job, so an event that came both ways is processed once.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { providerEvents } from '../../db/schema/index';
import { enqueueJob } from '../../jobs/enqueue-job';
import { BANK_PROVIDER, type BankGateway } from '../../providers/bank/bank-gateway';
import { BANK_EVENT_JOB } from '../../providers/bank/webhook-source';

/**
 * How far behind the newest stored event the pull starts. A dropped event older than a delivered
 * one is still caught as long as the pull ran within this window of it (it runs every few
 * minutes); after an outage the cursor is simply older, so nothing is skipped.
 */
export const EVENT_PULL_OVERLAP_MS = 24 * 3_600_000;

/**
 * Where to start: the newest stored bank event's time, or now if the bank's clock ran ahead of ours,
 * minus the overlap; everything the first time.
 */
export async function eventPullCursor(db: Database, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ newest: sql<string | Date | null>`max((${providerEvents.payload} ->> 'created_at')::timestamptz)` })
    .from(providerEvents)
    .where(eq(providerEvents.provider, BANK_PROVIDER));
  if (!row?.newest) return undefined;
  const newest = Math.min(new Date(row.newest).getTime(), now.getTime());
  return new Date(newest - EVENT_PULL_OVERLAP_MS).toISOString();
}

/** Stores the events the inbox lacks and queues their processing; returns how many were new. */
export async function pullBankEvents(db: Database, bank: BankGateway, now: Date = new Date()): Promise<number> {
  const events = await bank.listEventsSince(await eventPullCursor(db, now));
  let stored = 0;
  for (const event of events) {
    // Same row, same job and same dedupe key as the webhook route writes.
    const inserted = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(providerEvents)
        .values({ provider: BANK_PROVIDER, eventId: event.id, kind: event.type, payload: event.payload })
        .onConflictDoNothing()
        .returning({ id: providerEvents.id });
      if (row)
        await enqueueJob(tx, { kind: BANK_EVENT_JOB, payload: { providerEventId: row.id }, dedupeKey: `${BANK_PROVIDER}-event:${row.id}` });
      return row;
    });
    if (inserted) stored++;
  }
  return stored;
}
