// Kifu's staff's calls for /staff and the review of applications (ADR 078), through the same-origin
// /backend proxy with the session cookie. A 403 means the signed-in user is not staff.
import type { api } from '@kifu/domain';
import type { AssociateApplicationStatus } from '@kifu/domain/associate-application';
import type { Locale } from '@kifu/domain/enums';
import { createApiClient } from '@/lib/api-client';

const client = createApiClient('/backend');
const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };
export type Decision = 'approve' | 'decline' | 'request-changes';

export const staffApi = {
  overview: () => client.get<api.StaffOverview>('/staff/overview/', { init }),
  applications: (status: AssociateApplicationStatus, lang: Locale) =>
    client.get<api.StaffApplicationList>('/staff/associate-applications/', { query: { status, lang }, init }),
  application: (id: number, lang: Locale) =>
    client.get<api.AssociateApplicationView>(`/staff/associate-applications/${id}/`, { query: { lang }, init }),
  decide: async (id: number, decision: Decision, reason: string, lang: Locale) =>
    (
      await client.request<api.AssociateApplicationView>('POST', `/staff/associate-applications/${id}/${decision}/`, {
        body: decision === 'approve' ? {} : { reason },
        query: { lang },
        init,
      })
    ).content as api.AssociateApplicationView,
  documentHref: (id: number) => `/backend/associate-applications/documents/${id}/`,
};
