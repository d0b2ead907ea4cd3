// The page editor's calls (ADR 067), from the browser through the same-origin /backend proxy with
// the session cookie, as the rest of the console (console-api.ts). A refusal is the api-client's
// ApiError: 400 carries the fields and their rule keys, 403 a role that may only read.
import type { api } from '@kifu/domain';
import { createApiClient } from '@/lib/api-client';

const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };
const client = createApiClient('/backend');
const pagePath = (uid: string) => `/associate/${encodeURIComponent(uid)}/console/page/`;

export const pageEditorApi = {
  page: (uid: string) => client.get<api.EditableAssociatePage>(pagePath(uid), { init }),
  save: async (uid: string, body: api.AssociatePageEditBody) =>
    (await client.request<api.SavedAssociatePage>('PATCH', pagePath(uid), { body, init })).content as api.SavedAssociatePage,
};
