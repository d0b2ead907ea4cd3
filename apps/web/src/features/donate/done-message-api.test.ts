import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { DONATION_MESSAGE_MAX_LENGTH } from '@kifu/domain/constants';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { createDoneMessageApi, messageFieldError, sendDoneMessage } from './done-message-api';

const view = (overrides: Record<string, unknown> = {}) => ({
  id: 41,
  donation_id: 9,
  associate_id: 1,
  campaign_id: 3,
  message: '応援しています',
  is_name_public: false,
  published_from: '',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

function server(reply: { status: number; body: unknown }) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, api: createDoneMessageApi(createApiClient('/backend', fetchImpl as typeof fetch)) };
}

const input = {
  donationId: 9,
  messageId: null,
  token: 'tok_1',
  draft: { message: '  応援しています  ', hideName: true },
  label: 'メッセージ',
  locale: 'ja' as const,
};

describe('the Done screen message', () => {
  it('sends a new message with POST and the guest token, the name hidden, the text trimmed', async () => {
    const { calls, api } = server({ status: 201, body: view() });
    const outcome = await sendDoneMessage(input, api);
    expect(outcome).toEqual({ status: 'sent', view: view() });
    expect(calls).toEqual([
      {
        url: '/backend/donation/donation-message/?donation_token=tok_1',
        method: 'POST',
        body: { donation_id: 9, message: '応援しています', is_name_public: false },
      },
    ]);
  });

  it('updates a known message with PATCH; a signed-in donor sends no token', async () => {
    const { calls, api } = server({ status: 200, body: view({ message: '更新', is_name_public: true }) });
    const outcome = await sendDoneMessage({ ...input, messageId: 41, token: null, draft: { message: '更新', hideName: false } }, api);
    expect(outcome.status).toBe('sent');
    expect(calls).toEqual([
      { url: '/backend/donation/donation-message/41/', method: 'PATCH', body: { message: '更新', is_name_public: true } },
    ]);
  });

  it('refuses an empty or too long text at the field, sending nothing', async () => {
    const { calls, api } = server({ status: 201, body: view() });
    expect(await sendDoneMessage({ ...input, draft: { message: '   ', hideName: false } }, api)).toEqual({
      status: 'invalid',
      fieldError: messageFieldError('', 'メッセージ', 'ja'),
    });
    const long = await sendDoneMessage(
      { ...input, locale: 'en', label: 'Message', draft: { message: 'a'.repeat(DONATION_MESSAGE_MAX_LENGTH + 1), hideName: false } },
      api,
    );
    expect(long.status).toBe('invalid');
    expect(long.status === 'invalid' && long.fieldError).toContain(String(DONATION_MESSAGE_MAX_LENGTH));
    expect(messageFieldError('a'.repeat(DONATION_MESSAGE_MAX_LENGTH), 'Message', 'en')).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it("answers the API's field rule at the field and anything else with the catalogue's message", async () => {
    const refused = server({
      status: 400,
      body: { detail: 'validation failed', code: 'validation_failed', fields: { message: ['maxLength'] } },
    });
    const outcome = await sendDoneMessage(input, refused.api);
    expect(outcome.status).toBe('invalid');
    const failed = server({ status: 422, body: { detail: 'not paid', code: 'unprocessable' } });
    expect(await sendDoneMessage({ ...input, locale: 'en' }, failed.api)).toEqual({
      status: 'failed',
      message: DONATION_ERRORS.campaignMessage.en,
    });
  });
});
