// The campaign dashboard's calls (ADR 036), from the browser through the same-origin /backend proxy
// with the session cookie. JSON calls answer the API's shapes; a refusal is an ApiError carrying the
// field rule keys, which fieldMessages() turns into the catalogue's words for each field.
import type { api } from '@kifu/domain';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { isFieldRuleKey, type FieldRuleKey } from '@kifu/domain/schemas/rule-keys';
import { ApiError, createApiClient, NetworkError, type ApiClient } from '@/lib/api-client';
import { readToEnd } from '@/lib/read-to-end';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };

export function createDashboardApi(client: ApiClient = createApiClient('/backend')) {
  async function send<T>(method: Method, path: string, body?: unknown): Promise<T> {
    const { content } = await client.request<T>(method, path, { body, init });
    return content as T;
  }
  /** A multipart upload of one image in the field `file`. */
  async function upload<T>(path: string, file: File): Promise<T> {
    const form = new FormData();
    form.append('file', file);
    const response = await fetch(`/backend${path}`, { method: 'POST', body: form, credentials: 'same-origin' }).catch((error: unknown) => {
      throw new NetworkError(error);
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as Partial<api.ErrorBody>;
      throw new ApiError(response.status, body.detail ?? 'upload failed', body.code, body.fields);
    }
    return (await response.json()) as T;
  }
  return {
    templates: (uid: string, locale: Locale) =>
      send<api.CampaignTemplateList>('GET', `/associate/${encodeURIComponent(uid)}/campaign-templates/?lang=${locale}`),
    create: (body: { associate_uid: string; type: number; template_id: number | null; lang: Locale }) =>
      send<api.EditableCampaign>('POST', '/campaign/', body),
    startFundraiser: (campaign: number, type: number, lang: Locale) =>
      send<api.EditableCampaign>('POST', '/campaign/support-funding/', { campaign, type, lang }),
    campaign: (id: number) => send<api.EditableCampaign>('GET', `/campaign/${id}/edit/`),
    edit: (id: number, body: Partial<api.CampaignEditBody>) => send<api.EditableCampaign>('PATCH', `/campaign/${id}/edit/`, body),
    release: (id: number) => send<api.EditableCampaign>('POST', `/campaign/${id}/release/`, {}),
    toPrivate: (id: number) => send<api.EditableCampaign>('POST', `/campaign/${id}/to_private/`, {}),
    mainVisual: (id: number, file: File) => upload<api.EditableCampaign>(`/campaign/${id}/main-visual/`, file),
    storyImage: (id: number, file: File) => upload<api.UploadedImageBody>(`/campaign/${id}/upload-story-image/`, file),
    reportImage: (id: number, file: File) => upload<api.UploadedImageBody>(`/campaign/${id}/reports/upload-image/`, file),
    send,
    upload,
    mine: (locale: Locale) => send<api.MyCampaignList>('GET', `/user/my_page/campaigns/?lang=${locale}`),
    /** Reads every body, so no request stays open in the browser. */
    settle: readToEnd,
  };
}

export type DashboardApi = ReturnType<typeof createDashboardApi>;

/** Bounds of the fields, for the min/max messages (campaign-editing.ts limits). */
export type FieldBounds = Record<string, { min?: number | string; max?: number | string }>;

/** Each refused field's message in the reader's language (`labels` names the fields). */
export function fieldMessages(
  error: unknown,
  labels: Record<string, string>,
  locale: Locale,
  bounds: FieldBounds = {},
): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const messages: Record<string, string> = {};
  for (const [field, rules] of Object.entries(error.fields)) {
    const rule = rules.find((candidate): candidate is FieldRuleKey => isFieldRuleKey(candidate));
    if (rule) messages[field] = fieldErrorMessage(rule, labels[field] ?? field, locale, bounds[field]);
  }
  return messages;
}

/** The release checks the API says are unmet (409 fields.release), or none. */
export function unmetChecks(error: unknown): string[] {
  return error instanceof ApiError ? (error.fields?.release ?? []) : [];
}
