// The strict Content-Security-Policy of the pages that host the card form (architecture.md §1:
// PCI DSS SAQ A-EP — no script we do not list, card data only to the vault). src/proxy.ts sends it
// on the donate pages with a fresh nonce per request; Next puts that nonce on its own inline
// scripts when it finds the policy on the request.

export interface DonatePolicyOptions {
  nonce: string;
  /** Where the browser tokenises cards. */
  cardVaultUrl: string;
  /** The bot-check script; its origin also serves the tokens the script fetches. */
  botCheckScriptUrl: string | null;
  /** The wallet provider's checkout script, which renders its button and sends the browser to its pages. */
  walletCheckoutScriptUrl?: string | null;
  /** 'sha256-…' sources of our own fixed inline scripts (the colour mode's boot script). */
  inlineScriptHashes?: string[];
  /** Where the browser sends error reports (ADR 050); null or absent when reporting is off. */
  errorReportingOrigin?: string | null;
  /** next dev needs eval and a websocket for fast refresh. */
  development?: boolean;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function donateContentSecurityPolicy(options: DonatePolicyOptions): string {
  const vault = originOf(options.cardVaultUrl);
  const botCheck = originOf(options.botCheckScriptUrl);
  const wallet = originOf(options.walletCheckoutScriptUrl ?? null);
  const list = (...sources: (string | null | false | undefined)[]) => [...new Set(sources.filter(Boolean))].join(' ');
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': list(
      "'self'",
      `'nonce-${options.nonce}'`,
      ...(options.inlineScriptHashes ?? []),
      botCheck,
      wallet,
      options.development && "'unsafe-eval'",
    ),
    'connect-src': list("'self'", vault, botCheck, options.errorReportingOrigin, options.development && 'ws:'),
    // Toasts and dialogs set styles at run time; styles cannot read or send card data.
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob:",
    'font-src': "'self'",
    // A reCAPTCHA-compatible service may render a challenge frame from its own origin.
    'frame-src': list("'self'", botCheck),
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** A fresh, unguessable nonce (base64 of 16 random bytes). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
