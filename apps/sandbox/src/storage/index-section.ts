// The object store's part of the sandbox index page: endpoint, bucket, keys, what it holds, the fault control.
import type { EmulatorOptions } from '../shared/context';
import { escapeHtml } from '../shared/html';
import type { ObjectStore } from './object-store';

export function renderStorageIndexSection({ context }: Pick<EmulatorOptions, 'context'>, store: ObjectStore | undefined): string {
  const { config } = context;
  const faults = store?.faults;
  return `<section><h2>Object storage (S3-compatible)</h2>
<p>Endpoint <code>${escapeHtml(config.SANDBOX_PUBLIC_URL)}/storage</code> (path-style), bucket <code>${escapeHtml(config.S3_BUCKET)}</code>,
access key id <code>${escapeHtml(config.S3_ACCESS_KEY_ID)}</code>, secret <code>${escapeHtml(config.S3_SECRET_ACCESS_KEY)}</code>.
Kifu stores uploads here with <code>UPLOAD_STORAGE=s3</code>. Holding <strong>${store?.objectCount ?? 0}</strong> objects in memory.</p>
<p>${faults?.failNext ? `The next <strong>${faults.failNext}</strong> requests answer <strong>${faults.failWith}</strong>. ` : ''}Make requests fail with
<code>PUT /storage/__control {"failNext":2,"failWith":"SlowDown"}</code> (503, retried by the SDK) or <code>"InternalError"</code> (500); <code>POST /__control/reset</code> empties the store.</p></section>`;
}
