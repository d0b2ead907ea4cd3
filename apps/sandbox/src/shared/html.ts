// The emulators' pages (3-D Secure bank page, wallet page, deposit page) echo ids and names back.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** A small, consistent page frame for the emulators' browser pages. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.6}
button{font-size:1rem;padding:.5rem 1.25rem;margin:.25rem;border-radius:.5rem;border:1px solid #888;cursor:pointer}
button[data-primary]{background:#1d4ed8;color:#fff;border-color:#1d4ed8}</style></head><body>${body}</body></html>`;
}
