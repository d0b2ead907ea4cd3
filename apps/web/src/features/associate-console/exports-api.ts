// The console's CSV export calls (ADR 065), from the browser through the same-origin /backend proxy
// with the session cookie, as console-api.ts does. Each needs the export permission: a viewer's call
// is 403, another associate's export 404.
import type { api } from '@kifu/domain';
import type { ConsoleExportKind } from '@kifu/domain/api/console-exports';
import type { Locale } from '@kifu/domain/enums';
import { createApiClient, type ApiClient } from '@/lib/api-client';

const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };

/** A table's filters as the address holds them (strings; the API checks them and adds its defaults). */
export type ExportRequest = { kind: ConsoleExportKind; filters: Record<string, string>; lang: Locale; request_key: string };

export function createExportsApi(client: ApiClient = createApiClient('/backend')) {
  const base = (uid: string) => `/associate/${encodeURIComponent(uid)}/console/exports`;
  return {
    /** Asks for an export; the same `request_key` answers the export it already made (200), never a second. */
    request: async (uid: string, body: ExportRequest) =>
      (await client.request<api.ConsoleExport>('POST', `${base(uid)}/`, { body, init })).content as api.ConsoleExport,
    list: (uid: string) => client.get<api.ConsoleExports>(`${base(uid)}/`, { init }),
    status: (uid: string, id: number) => client.get<api.ConsoleExport>(`${base(uid)}/${id}/`, { init }),
    /** Where the browser downloads a ready file (the /backend proxy carries the session cookie). */
    fileUrl: (uid: string, id: number) => `/backend${base(uid)}/${id}/file/`,
  };
}

export const exportsApi = createExportsApi();
