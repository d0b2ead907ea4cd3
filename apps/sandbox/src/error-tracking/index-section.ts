// The error-tracking ingest's part of the sandbox index page: its DSN and the last reports received.
import type { EmulatorOptions } from '../shared/context';
import { escapeHtml } from '../shared/html';
import type { ErrorStore, ReceivedItem } from './error-store';

/** Rows shown on the page; GET /error-tracking/events has the rest. */
const SHOWN = 30;

function row(item: ReceivedItem): string {
  const what = item.type === 'transaction' ? item.transaction : item.title;
  const tags = Object.entries(item.tags)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
  return `<tr><td>${escapeHtml(item.receivedAt)}</td><td>${escapeHtml(item.type)}</td><td>${escapeHtml(item.level ?? '')}</td><td>${escapeHtml(
    what ?? '',
  )}</td><td>${escapeHtml(tags)}</td><td>${escapeHtml(item.environment ?? '')}</td><td>${escapeHtml(item.sdk ?? '')}</td></tr>`;
}

export function renderErrorTrackingIndexSection({ context }: Pick<EmulatorOptions, 'context'>, store: ErrorStore | undefined): string {
  const items = store?.list({ limit: SHOWN }) ?? [];
  const dsn = `${context.config.SANDBOX_PUBLIC_URL.replace('://', '://sandbox@')}/error-tracking/1`;
  const table = items.length
    ? `<table data-testid="error-tracking-items"><thead><tr><th>received</th><th>type</th><th>level</th><th>what</th><th>tags</th><th>environment</th><th>sdk</th></tr></thead><tbody>${items
        .map(row)
        .join('')}</tbody></table>`
    : '<p>Nothing reported yet.</p>';
  return `<section id="error-tracking"><h2>Error tracking (Sentry envelope ingest)</h2>
<p>DSN <code>${escapeHtml(dsn)}</code> (<code>SENTRY_DSN</code>; <code>npm start</code> sets it). The SDKs post to
<code>/error-tracking/api/1/envelope/</code>; holding the last <strong>${store?.size ?? 0}</strong> items, newest first, as JSON at
<a href="/error-tracking/events"><code>/error-tracking/events</code></a>.</p>${table}</section>`;
}
