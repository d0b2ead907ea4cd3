// What the ingest received, newest first, in memory and bounded (a restart or POST /__control/reset
// empties it): one record per envelope item, with the fields a person or a test looks for.
import { randomUUID } from 'node:crypto';
import type { Envelope, EnvelopeItem } from './envelope';

export interface ReceivedItem {
  /** The sandbox's own id for this record. */
  id: string;
  receivedAt: string;
  projectId: string;
  /** event, transaction, session, sessions, client_report, attachment, … */
  type: string;
  eventId: string | null;
  level: string | null;
  /** The message, or "Type: value" of the first exception. */
  title: string | null;
  message: string | null;
  exceptionType: string | null;
  exceptionValue: string | null;
  transaction: string | null;
  tags: Record<string, string>;
  environment: string | null;
  release: string | null;
  platform: string | null;
  sdk: string | null;
  /** The item's payload as sent, parsed when it is JSON (attachments: null); tests search it for what must not be there. */
  payload: unknown;
  bytes: number;
}

/** Enough for a person to look back over a session of clicking around, small enough to keep in memory. */
export const KEEP_ITEMS = 500;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function tagsOf(value: unknown): Record<string, string> {
  // SDKs send tags as an object; older ones as [key, value] pairs.
  const entries = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.entries(value) : [];
  const tags: Record<string, string> = {};
  for (const entry of entries) {
    if (Array.isArray(entry) && typeof entry[0] === 'string') tags[entry[0]] = String(entry[1]);
  }
  return tags;
}

function parsePayload(item: EnvelopeItem): unknown {
  if (item.header.type === 'attachment' || item.header.type === 'replay_recording') return null;
  try {
    return JSON.parse(item.payload.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

export class ErrorStore {
  private items: ReceivedItem[] = [];

  constructor(private readonly keep = KEEP_ITEMS) {}

  /** Records every item of an envelope; answers the event id Sentry would answer. */
  record(projectId: string, envelope: Envelope, receivedAt: Date): string | null {
    const envelopeEventId = text(envelope.header.event_id);
    for (const item of envelope.items) {
      const payload = parsePayload(item);
      const event = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
      const exception = ((event.exception as { values?: unknown[] } | undefined)?.values?.[0] ?? {}) as Record<string, unknown>;
      const logentry = (event.logentry ?? {}) as Record<string, unknown>;
      const message = text(event.message) ?? text(logentry.formatted) ?? text(logentry.message);
      const exceptionType = text(exception.type);
      const exceptionValue = text(exception.value);
      const sdk = (event.sdk ?? envelope.header.sdk) as { name?: unknown; version?: unknown } | undefined;
      this.items.unshift({
        id: randomUUID(),
        receivedAt: receivedAt.toISOString(),
        projectId,
        type: item.header.type,
        eventId: text(event.event_id) ?? (item.header.type === 'event' || item.header.type === 'transaction' ? envelopeEventId : null),
        level: text(event.level) ?? (item.header.type === 'event' ? 'error' : null),
        title: message ?? (exceptionType ? `${exceptionType}: ${exceptionValue ?? ''}` : null),
        message,
        exceptionType,
        exceptionValue,
        transaction: text(event.transaction),
        tags: tagsOf(event.tags),
        environment: text(event.environment),
        release: text(event.release),
        platform: text(event.platform),
        sdk: sdk && typeof sdk.name === 'string' ? `${sdk.name}${typeof sdk.version === 'string' ? ` ${sdk.version}` : ''}` : null,
        payload,
        bytes: item.payload.length,
      });
    }
    if (this.items.length > this.keep) this.items.length = this.keep;
    return envelopeEventId;
  }

  /** Newest first; `since` (inclusive) and `type` filter. */
  list(filter: { since?: Date; type?: string; limit?: number } = {}): ReceivedItem[] {
    return this.items
      .filter((item) => (filter.since ? Date.parse(item.receivedAt) >= filter.since.getTime() : true))
      .filter((item) => (filter.type ? item.type === filter.type : true))
      .slice(0, filter.limit ?? this.keep);
  }

  get size(): number {
    return this.items.length;
  }

  clear(): void {
    this.items = [];
  }
}
