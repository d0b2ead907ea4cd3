// The associate console's calls (ADR 060), from the browser through the same-origin /backend proxy
// with the session cookie. A refusal is the api-client's ApiError: 404 means the caller is not a
// member (or the record is not this associate's), 403 that their role does not allow it.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { createApiClient, type ApiClient, type Query } from '@/lib/api-client';

const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };

export function createConsoleApi(client: ApiClient = createApiClient('/backend')) {
  const base = (uid: string) => `/associate/${encodeURIComponent(uid)}`;
  const get = <T>(path: string, query?: Query) => client.get<T>(path, { query, init });
  return {
    me: (uid: string) => get<api.MyAssociate>(`${base(uid)}/my_associate/`),
    gifts: (uid: string, query: Query) => get<api.ConsoleGifts>(`${base(uid)}/console/gifts/`, query),
    supporters: (uid: string, query: Query) => get<api.ConsoleSupporters>(`${base(uid)}/console/supporters/`, query),
    gift: (uid: string, id: number, lang: Locale) => get<api.ConsoleGiftDetail>(`${base(uid)}/console/gifts/${id}/`, { lang }),
    donorRegister: (uid: string, fiscalYear: number, lang: Locale) =>
      get<api.DonorRegisterView>(`${base(uid)}/console/donor-register/${fiscalYear}/`, { lang }),
    /** Where the browser downloads the register (the /backend proxy carries the session cookie). */
    donorRegisterFile: (uid: string, fiscalYear: number, format: 'csv' | 'pdf', lang: Locale) =>
      `/backend${base(uid)}/console/donor-register/${fiscalYear}/${format}/?lang=${lang}`,
    audit: (uid: string, page: number, lang: Locale) => get<api.AuditLog>(`${base(uid)}/console/audit/`, { page, lang }),
  };
}

export type ConsoleApi = ReturnType<typeof createConsoleApi>;
export const consoleApi = createConsoleApi();
