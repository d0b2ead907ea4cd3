// The sandbox's front page: which emulators run here, what to type (test cards, test buyers) and
// what Kifu asked them recently, so a person trying Kifu knows what is going on.
import { bankIndexSection } from './bank/index';
import { botcheckIndexSection } from './botcheck/index';
import { cardIndexSection } from './card/index';
import { errorTrackingIndexSection } from './error-tracking/index';
import type { SandboxContext } from './shared/context';
import { escapeHtml } from './shared/html';
import { storageIndexSection } from './storage/index';
import { walletIndexSection } from './wallet/index';

function activitySection(context: SandboxContext): string {
  const rows = context.activity
    .recent(30)
    .map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.at)}</td><td>${escapeHtml(entry.provider)}</td><td>${escapeHtml(entry.action)}</td><td>${escapeHtml(entry.detail)}</td></tr>`,
    )
    .join('');
  return `<section><h2>Recent activity</h2>${rows ? `<table><thead><tr><th>at</th><th>provider</th><th>action</th><th>detail</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>Nothing yet.</p>'}</section>`;
}

export function indexPage(context: SandboxContext): string {
  const sections = [
    cardIndexSection,
    walletIndexSection,
    bankIndexSection,
    botcheckIndexSection,
    storageIndexSection,
    errorTrackingIndexSection,
  ]
    .map((section) => section({ context }))
    .join('');
  const faults = context.faults.settings;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kifu provider sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;line-height:1.6}
table{border-collapse:collapse;width:100%;font-size:.875rem}td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left}
code{background:#f4f4f4;padding:0 .25rem}</style></head>
<body><h1>Kifu provider sandbox</h1>
<p>Emulators of the third parties Kifu talks to, running offline. Point Kifu at the real providers by configuration.</p>
<section><h2>Postal code lookup (zipcloud-compatible)</h2><p><a href="/postal/api/search?zipcode=1000001"><code>/postal/api/search?zipcode=1000001</code></a></p></section>
${sections}
<section><h2>Fault injection</h2><p>error rate ${faults.errorRate}, timeout rate ${faults.timeoutRate}, dropped webhooks ${faults.dropWebhookRate} — change with <code>PUT /__control/faults</code>.</p></section>
${activitySection(context)}
</body></html>`;
}
