'use client';
// Last-resort boundary for errors in the root layout itself; it replaces the whole document, so it
// carries its own <html> and shows the internal message of spec §8 in both languages. Its strings
// come from the domain catalogue, not the message files: this boundary ships with every page.
import './globals.css';
import { BOUNDARY_NOTICES as NOTICES, PAGE_ERRORS } from '@kifu/domain/catalogue/boundary-messages';

export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="ja">
      <body className="flex min-h-screen items-center justify-center p-6">
        <title>{PAGE_ERRORS.unknown.en}</title>
        <main data-testid="page-error" className="max-w-page-sm text-center">
          <p className="leading-relaxed">{PAGE_ERRORS.internal.ja}</p>
          <p lang="en" className="mt-2 leading-relaxed text-muted">
            {PAGE_ERRORS.internal.en}
          </p>
          <p className="mt-8 flex justify-center gap-4">
            <button type="button" onClick={retry} className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white">
              {NOTICES.retry.ja} / {NOTICES.retry.en}
            </button>
            <a href="/" className="self-center font-semibold text-brand-700 underline">
              {NOTICES.goToTop.ja} / {NOTICES.goToTop.en}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
