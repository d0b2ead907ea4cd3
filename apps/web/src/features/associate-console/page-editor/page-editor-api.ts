// The page editor's calls (ADR 067, ADR 070), from the browser through the same-origin /backend
// proxy with the session cookie, as the rest of the console (console-api.ts). A refusal is the
// api-client's ApiError: 400 carries the fields and their rule keys, 403 a role that may only read.
import type { api } from '@kifu/domain';
import type { AssociatePageImageKind } from '@kifu/domain/associate-page';
import { ApiError, createApiClient, NetworkError } from '@/lib/api-client';

const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };
const client = createApiClient('/backend');
const pagePath = (uid: string) => `/associate/${encodeURIComponent(uid)}/console/page/`;

/** A multipart upload of one image in the field `file`; answers the page as saved. */
async function upload(uid: string, kind: AssociatePageImageKind, file: File): Promise<api.EditableAssociatePage> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`/backend${pagePath(uid)}images/${kind}/`, { method: 'POST', body: form, credentials: 'same-origin' }).catch(
    (error: unknown) => {
      throw new NetworkError(error);
    },
  );
  const body = (await response.json().catch(() => ({}))) as api.EditableAssociatePage & Partial<api.ErrorBody>;
  if (!response.ok) throw new ApiError(response.status, body.detail ?? 'upload failed', body.code, body.fields);
  return body;
}

export const pageEditorApi = {
  page: (uid: string) => client.get<api.EditableAssociatePage>(pagePath(uid), { init }),
  save: async (uid: string, body: api.AssociatePageEditBody) =>
    (await client.request<api.SavedAssociatePage>('PATCH', pagePath(uid), { body, init })).content as api.SavedAssociatePage,
  upload,
  removeSeal: async (uid: string) =>
    (await client.request<api.EditableAssociatePage>('DELETE', `${pagePath(uid)}images/seal/`, { init }))
      .content as api.EditableAssociatePage,
};

/** The seal's address for the browser: the API's members-only path, through the same-origin proxy. */
export const sealSrc = (sealUrl: string) => `/backend${sealUrl}`;
