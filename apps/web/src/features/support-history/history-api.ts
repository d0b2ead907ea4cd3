// The supporter's own calls, from the browser through the same-origin /backend proxy: the session
// cookie goes with them. Errors carry the API's status and detail, so a page can say why.
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import type { LocalisedMessage } from '@kifu/domain/catalogue/message';
import { PAGE_ERRORS } from '@kifu/domain/catalogue/page-messages';
import { RECEIPT_ERRORS } from '@kifu/domain/catalogue/receipt-texts';
import type { Locale } from '@kifu/domain/enums';

export class HistoryCallError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail || `status ${status}`);
    this.name = 'HistoryCallError';
  }
}

async function failure(response: Response): Promise<HistoryCallError> {
  const body = (await response.json().catch(() => ({}))) as { detail?: string };
  return new HistoryCallError(response.status, body.detail ?? '');
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`/backend${path}`, { credentials: 'same-origin', signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`/backend${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** A file the API draws (a receipt PDF): its bytes and the name the API gave it. */
export async function getFile(path: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetch(`/backend${path}`, { credentials: 'same-origin' });
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'receipt.pdf';
  return { blob: await response.blob(), fileName };
}

/**
 * What to tell the supporter about a failed receipt or ZIP call: the receipt catalogue's reason when
 * the API gave one (its detail is that message's English), else the generic message for the status.
 */
export function failureMessage(error: unknown, locale: Locale): string {
  if (!(error instanceof HistoryCallError)) return PAGE_ERRORS.network[locale];
  const known = Object.values(RECEIPT_ERRORS).find((message: LocalisedMessage) => message.en === error.detail);
  if (known) return known[locale];
  if (error.status === 429) return API_ERROR_MESSAGES.rate_limited[locale];
  if (error.status === 404) return RECEIPT_ERRORS.notFound[locale];
  return PAGE_ERRORS.unknown[locale];
}
