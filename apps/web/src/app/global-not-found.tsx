// 404 for URLs outside every route (our root layout is app/[locale], so there is no shared layout
// to render into). The locale is unknown here, so the message is given in both languages.
import './globals.css';
import { NOTICES, PAGE_ERRORS } from '@kifu/domain/errors';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: `${PAGE_ERRORS.notFound.ja} | ${PAGE_ERRORS.notFound.en}` };

export default function GlobalNotFound() {
  return (
    <html lang="ja">
      <body className="flex min-h-screen items-center justify-center p-6">
        <main data-testid="not-found" className="max-w-page-sm text-center">
          <h1 className="text-2xl font-bold">{PAGE_ERRORS.notFound.ja}</h1>
          <p lang="en" className="mt-2 text-muted">
            {PAGE_ERRORS.notFound.en}
          </p>
          <p className="mt-8 flex justify-center gap-4">
            <a href="/" className="font-semibold text-brand-700 underline">
              {NOTICES.goToTop.ja}
            </a>
            <a href="/en" lang="en" className="font-semibold text-brand-700 underline">
              {NOTICES.goToTop.en}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
