// The front-end server routes of spec §7 answer `{content}` with what the API gives (the client
// reads `content`). An API refusal (400, 404) goes through as it is; no answer or a server error
// is a 502, which the client ignores (spec §7: "Config fetch failures are ignored").
import { ApiError } from '@/lib/api-client';
import { serverGet } from '@/lib/api-server';
import type { Query } from '@/lib/api-client';

const NO_STORE = { 'cache-control': 'no-store' };
/** A caller of these routes waits for the API longer than a page does: nothing else is held up. */
const ROUTE_TIMEOUT_MS = 10_000;

export function contentResponse(content: unknown): Response {
  return Response.json({ content }, { headers: NO_STORE });
}

export function errorResponse(status: number, code: string, detail: string): Response {
  return Response.json({ code, detail }, { status, headers: NO_STORE });
}

export async function contentFromApi(path: string, query?: Query): Promise<Response> {
  try {
    return contentResponse(await serverGet<unknown>(path, query, { signal: AbortSignal.timeout(ROUTE_TIMEOUT_MS) }));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return errorResponse(error.status, error.code ?? 'bad_request', error.detail);
    return errorResponse(502, 'bad_gateway', 'the API did not answer');
  }
}

/** The `lang` query as sent (the API validates it), or undefined for its default. */
export function langQueryOf(request: Request): string | undefined {
  return new URL(request.url).searchParams.get('lang') ?? undefined;
}
