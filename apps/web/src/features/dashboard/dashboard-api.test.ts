import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '@/lib/api-client';
import { createDashboardApi, fieldMessages, unmetChecks } from './dashboard-api';

describe('the dashboard calls', () => {
  it('send JSON with the session cookie and answer the API’s body', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ id: 7, status: 'draft' }), { status: 200 }));
    const calls = createDashboardApi(createApiClient('/backend', fetchImpl));
    expect(await calls.edit(7, { title: '誕生日', lang: 'ja' })).toEqual({ id: 7, status: 'draft' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/backend/campaign/7/edit/');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'same-origin', body: JSON.stringify({ title: '誕生日', lang: 'ja' }) });
    await calls.templates('a/b', 'en');
    expect((fetchImpl.mock.calls[1] as unknown as [string])[0]).toBe('/backend/associate/a%2Fb/campaign-templates/?lang=en');
  });
});

describe('what a refusal tells the owner', () => {
  const refused = new ApiError(400, 'the campaign dates are not allowed', 'validation_failed', {
    end_on: ['pastDate'],
    goal_amount: ['min'],
    summary: ['unknownRule'],
  });

  it('each refused field in the catalogue’s words, ja and en, with its bound', () => {
    const labels = { end_on: '終了日', goal_amount: '目標金額' };
    expect(fieldMessages(refused, labels, 'ja', { goal_amount: { min: '1,000円' } })).toEqual({
      end_on: '今日より前の日付は設定できません。',
      goal_amount: '目標金額は1,000円以上で入力してください。',
    });
    expect(fieldMessages(refused, { end_on: 'End date' }, 'en').end_on).toBe('Cannot be set before today.');
    expect(fieldMessages(new Error('offline'), labels, 'ja')).toEqual({});
  });

  it('the unmet release checks of a 409', () => {
    expect(unmetChecks(new ApiError(409, 'not ready', 'conflict', { release: ['story', 'endDate'] }))).toEqual(['story', 'endDate']);
    expect(unmetChecks(refused)).toEqual([]);
  });
});
