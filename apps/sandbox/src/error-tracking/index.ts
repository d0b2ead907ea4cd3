// The error-tracking ingest, Sentry-compatible (architecture.md "error reporting": the official
// Sentry SDKs; the sandbox ingests envelopes offline). A DSN like
// http://<any key>@127.0.0.1:4010/error-tracking/1 makes every Sentry SDK post here. Protocol, under
// /error-tracking (https://develop.sentry.dev/sdk/data-model/envelopes/):
//
//   POST /error-tracking/api/{projectId}/envelope/?sentry_key=…&sentry_version=7
//        body = an envelope: header JSON \n (item header JSON \n payload \n)*, the payload's size
//        given by the item's `length` or ending at the newline; Content-Encoding gzip or deflate
//        (the Node SDK gzips large envelopes); any content type (browsers send text/plain).
//        → 200 {id: <event_id>} ({} when the envelope has no event id) | 400 {detail} for anything
//          that is not an envelope, a bad encoding or a body over 2 MiB (413) | 401 {detail}
//          without a key (query, X-Sentry-Auth, or the envelope header's dsn).
//   GET    /error-tracking/events?since=<ISO>&type=event|transaction|…&limit=1..1000
//          → {items: ReceivedItem[]} newest first (error-store.ts): type, event id, level, message,
//          exception type and value, transaction, tags, environment, release, sdk, and the payload.
//   DELETE /error-tracking/events → 204, emptied (also POST /__control/reset).
// The last 500 items are kept in memory; the index page lists the newest.
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions, SandboxContext } from '../shared/context';
import { ErrorStore } from './error-store';
import { renderErrorTrackingIndexSection } from './index-section';
import { errorTrackingRoutes } from './routes';

// The index page only gets the context; this finds the store of the same sandbox app.
const stores = new WeakMap<SandboxContext, ErrorStore>();

export async function errorTrackingEmulator(app: FastifyInstance, { context, onReset }: EmulatorOptions) {
  const store = new ErrorStore();
  stores.set(context, store);
  onReset(() => store.clear());
  await app.register(errorTrackingRoutes, { context, store });
}

/** The emulator's part of the sandbox index page (HTML). */
export function errorTrackingIndexSection(options: Pick<EmulatorOptions, 'context'>): string {
  return renderErrorTrackingIndexSection(options, stores.get(options.context));
}
