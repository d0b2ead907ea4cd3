// Typed fetch helpers for the Kifu API (spec §7 "The calls it makes"): JSON bodies, bearer auth
// when a token is known, null/undefined query values dropped and the query string sorted by key,
// and every error body's `detail` carried on the thrown error. Works on the server (base =
// API_INTERNAL_URL) and in the browser (base = '/backend', the same-origin proxy in src/proxy.ts).
// A body that is not JSON is reported to error tracking with the API's request id (spec §7, ADR 050).
import { REQUEST_ID_HEADER } from '@kifu/domain/request-id';
import { reportError } from './error-reporting';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Spec §7: drop null/undefined values and sort by key so equal queries give equal URLs (and cache keys). */
export function buildQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const raw = query[key];
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value === null || value === undefined) continue;
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export class ApiError extends Error {
  readonly status: number;
  /** The `detail` string every error body carries (spec §7); matched by the error catalogue. */
  readonly detail: string;
  readonly code: string | undefined;
  readonly fields: Record<string, string[]> | undefined;
  /** The API's id of the request (its x-request-id answer header), for error reports; null when it sent none. */
  readonly requestId: string | null;

  constructor(status: number, detail: string, code?: string, fields?: Record<string, string[]>, requestId: string | null = null) {
    super(detail || `API request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
  }
}

/** Spec §7: a body that is not JSON is answered as empty content, and reported. */
export class UnparseableResponseError extends Error {
  constructor(
    readonly method: HttpMethod,
    /** The path without its query string (which may carry tokens). */
    readonly path: string,
    readonly status: number,
    readonly contentType: string | null,
  ) {
    super(`The API answered ${method} ${path} with ${status} and a body that is not JSON (${contentType ?? 'no content type'})`);
    this.name = 'UnparseableResponseError';
  }
}

/** A network failure (no HTTP response at all), kept apart so pages can show the network message of spec §8. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error while calling the API', { cause });
    this.name = 'NetworkError';
  }
}

export interface ApiResponse<T> {
  ok: boolean;
  status: number;
  /** null when the body was empty or not JSON (spec §7: "an ok flag with the status and empty content"). */
  content: T | null;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
  /** Passed through to fetch; server components use it for `cache` / `next.revalidate`. */
  init?: RequestInit & { next?: { revalidate?: number | false; tags?: string[] } };
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** GET that must return a JSON body. */
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function readErrorBody(value: unknown): { detail: string; code?: string; fields?: Record<string, string[]> } {
  if (value && typeof value === 'object') {
    const body = value as { detail?: unknown; code?: unknown; fields?: unknown };
    return {
      detail: typeof body.detail === 'string' ? body.detail : '',
      code: typeof body.code === 'string' ? body.code : undefined,
      fields: body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string[]>) : undefined,
    };
  }
  return { detail: '' };
}

export function createApiClient(baseUrl: string, fetchImpl: typeof fetch = fetch): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers = new Headers(options.init?.headers);
    headers.set('Accept', 'application/json');
    if (options.body !== undefined) headers.set('Content-Type', 'application/json');
    if (options.token) headers.set('Authorization', `Bearer ${options.token}`);

    const url = `${base}${path.startsWith('/') ? path : `/${path}`}${buildQueryString(options.query)}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        credentials: 'include',
        ...options.init,
        method,
        headers,
        signal: options.signal,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch (error) {
      throw new NetworkError(error);
    }

    const text = await response.text();
    const parsed = parseJson(text);
    const requestId = response.headers.get(REQUEST_ID_HEADER);
    // An empty body (204, or nothing to say) is not a broken one.
    if (!parsed.ok && text.trim() !== '') {
      reportError(new UnparseableResponseError(method, path.split('?')[0]!, response.status, response.headers.get('content-type')), {
        requestId,
        tags: { status: String(response.status) },
      });
    }
    if (!response.ok) {
      const { detail, code, fields } = readErrorBody(parsed.ok ? parsed.value : undefined);
      throw new ApiError(response.status, detail, code, fields, requestId);
    }
    return { ok: true, status: response.status, content: parsed.ok ? (parsed.value as T) : null };
  }

  return {
    request,
    async get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T> {
      const { status, content } = await request<T>('GET', path, options);
      if (content === null) throw new ApiError(status, 'The API returned an empty or non-JSON body');
      return content;
    },
  };
}
