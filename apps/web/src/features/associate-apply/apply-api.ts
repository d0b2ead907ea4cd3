// The joining form's calls (ADR 078), from the browser through the same-origin /backend proxy with
// the session cookie. Documents go up one at a time as multipart; the rest is JSON.
import type { api, AssociateApplicationInput } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { ApiError, createApiClient } from '@/lib/api-client';

const client = createApiClient('/backend');
const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };

export const applyApi = {
  mine: (lang: Locale) => client.get<api.MyAssociateApplication>('/associate-applications/mine/', { query: { lang }, init }),
  challenges: (lang: Locale) =>
    client.get<api.AssociateCountBySocialChallenges>('/associate/count_by_social_challenges/', { query: { lang }, init }),
  submit: async (body: AssociateApplicationInput, lang: Locale, resubmitId?: number) =>
    (
      await client.request<api.AssociateApplicationView>(
        resubmitId === undefined ? 'POST' : 'PUT',
        resubmitId === undefined ? '/associate-applications/' : `/associate-applications/${resubmitId}/`,
        { body, query: { lang }, init },
      )
    ).content as api.AssociateApplicationView,
  /** One file; a refusal is an ApiError whose fields name `file`. */
  async upload(file: File): Promise<api.ApplicationDocument> {
    const form = new FormData();
    form.append('file', file);
    const response = await fetch('/backend/associate-applications/documents/', { method: 'POST', body: form, ...init });
    const body = (await response.json().catch(() => ({}))) as api.ApplicationDocument & api.ErrorBody;
    if (!response.ok) throw new ApiError(response.status, body.detail ?? '', body.code, body.fields);
    return body;
  },
  /** Where the browser opens a document (the applicant's own, or any for staff). */
  documentHref: (id: number) => `/backend/associate-applications/documents/${id}/`,
};
