// The dashboard's calls as a test makes them (ADR 036): JSON calls with a user's token, image
// uploads, a fresh supporter, a new draft for the demo's associate 1 (hanako is its member), and a
// draft completed so that it can be released.
import { japanToday, type api } from '@kifu/domain';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app';
import { demoSignIn } from './demo-sign-in';
import { clientAddress } from './donation-requests';
import { multipartFile, pngImage } from './multipart-image';
import { uniqueEmail } from './start-sandbox';

export const DASHBOARD_ASSOCIATE_UID = 'kodomo-shokudo-mirai';
const DAY_MS = 86_400_000;
export const dayFromToday = (days: number) => japanToday(new Date(Date.now() + days * DAY_MS));

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function campaignDashboard(app: () => TestApp) {
  async function call<T = api.EditableCampaign>(method: Method, url: string, token?: string, payload?: unknown) {
    const response = await app().app.inject({
      method,
      url,
      remoteAddress: clientAddress(),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, headers: response.headers, body: (response.body ? response.json() : null) as T };
  }

  async function upload<T = api.EditableCampaign>(url: string, token: string | undefined, bytes: Buffer, filename = 'image.png') {
    const body = multipartFile(bytes, filename);
    const response = await app().app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: clientAddress(),
    });
    return { status: response.statusCode, body: response.json() as T & api.ErrorBody };
  }

  async function signUp(): Promise<string> {
    const created = await call<{ accessToken: string }>('POST', '/auth/register', undefined, {
      email: uniqueEmail('campaigner'),
      password: 'kifu-pass-123',
    });
    expect(created.status).toBe(201);
    return created.body.accessToken;
  }

  async function newDraft(token: string, type = 1): Promise<api.EditableCampaign> {
    const templates = await call<api.CampaignTemplateList>(
      'GET',
      `/associate/${DASHBOARD_ASSOCIATE_UID}/campaign-templates/?lang=ja`,
      token,
    );
    const template = templates.body.results.find((candidate) => candidate.type === type);
    const created = await call('POST', '/campaign/', token, {
      associate_uid: DASHBOARD_ASSOCIATE_UID,
      type,
      template_id: template?.id ?? null,
      lang: 'ja',
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  /** Everything the release checks ask for, through the dashboard's calls. */
  async function completeDraft(id: number, token: string) {
    const edited = await call('PATCH', `/campaign/${id}/edit/`, token, {
      title: '誕生日に、こども食堂を応援します',
      summary: '誕生日に、こども食堂へ寄付を集めます。',
      story_html: '<h2>はじめに</h2><p>今年の誕生日は、こども食堂を応援する寄付を集めることにしました。</p>',
      goal_amount: 50_000,
      end_on: dayFromToday(30),
      lang: 'ja',
    });
    expect(edited.status).toBe(200);
    expect((await upload(`/campaign/${id}/main-visual/`, token, await pngImage(2000, 1000))).status).toBe(200);
  }

  let associateOwner: string | undefined;
  /**
   * A supporter's release as it happens (ADR 069): the release asks the associate, whose owner
   * (hanako in the demo) approves it in the console; then it is public.
   */
  async function releaseApproved(id: number, token: string) {
    const asked = await call('POST', `/campaign/${id}/release/`, token, { lang: 'ja' });
    expect(asked.status).toBe(200);
    expect(asked.body.approval.status).toBe('requested');
    associateOwner ??= (await demoSignIn(app(), 'hanako')).token;
    const approved = await call('POST', `/associate/${DASHBOARD_ASSOCIATE_UID}/console/campaigns/${id}/approve/`, associateOwner, {
      lang: 'ja',
    });
    expect(approved.status).toBe(204);
  }

  return { call, upload, signUp, newDraft, completeDraft, releaseApproved };
}
