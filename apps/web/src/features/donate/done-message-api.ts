// The completion screen's message to the associate or campaign (spec §2 "It offers a message to
// the campaign (default text, a hide-name option, send or update)", §7 /donation/donation-message/,
// ADR 010): sent with POST (a second POST updates the same message, so a retried send is safe),
// updated with PATCH once its id is known; a guest's donation token authorises both.
import type { DonationMessageCreate, DonationMessageUpdate, DonationMessageView } from '@kifu/domain/api/donation-message';
import { donationMessageText } from '@kifu/domain/api/donation-message';
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import { DONATION_MESSAGE_MAX_LENGTH } from '@kifu/domain/constants';
import type { Locale } from '@kifu/domain/enums';
import { isFieldRuleKey, toFieldError } from '@kifu/domain/schemas/rule-keys';
import { ApiError, type ApiClient } from '@/lib/api-client';

export interface DoneMessageApi {
  create(body: DonationMessageCreate, token: string | null): Promise<DonationMessageView>;
  update(id: number, body: DonationMessageUpdate, token: string | null): Promise<DonationMessageView>;
  get(id: number, token: string | null): Promise<DonationMessageView>;
}

export function createDoneMessageApi(client: ApiClient): DoneMessageApi {
  const query = (token: string | null) => ({ donation_token: token });
  const body = async (promise: Promise<{ status: number; content: DonationMessageView | null }>) => {
    const { status, content } = await promise;
    if (content === null) throw new ApiError(status, 'The API returned an empty or non-JSON body');
    return content;
  };
  return {
    create: (payload, token) => body(client.request('POST', '/donation/donation-message/', { body: payload, query: query(token) })),
    update: (id, payload, token) =>
      body(client.request('PATCH', `/donation/donation-message/${id}/`, { body: payload, query: query(token) })),
    get: (id, token) =>
      client.get<DonationMessageView>(`/donation/donation-message/${id}/`, { query: query(token), init: { cache: 'no-store' } }),
  };
}

export interface MessageDraft {
  message: string;
  /** The supporter ticked 'hide my name'. */
  hideName: boolean;
}

export type SendOutcome =
  | { status: 'sent'; view: DonationMessageView }
  /** The text breaks the message's rules: shown at the field, nothing sent. */
  | { status: 'invalid'; fieldError: string }
  | { status: 'failed'; message: string };

/** The field error of a message text (1 to DONATION_MESSAGE_MAX_LENGTH characters), or undefined when it passes. */
export function messageFieldError(text: string, label: string, locale: Locale): string | undefined {
  const result = donationMessageText.safeParse(text);
  if (result.success) return undefined;
  const error = toFieldError(result.error.issues[0]!);
  return fieldErrorMessage(error.rule, label, locale, error.params);
}

/** Sends the message (or updates the one with `messageId`); the API's refusals as the catalogue words them. */
export async function sendDoneMessage(
  input: { donationId: number; messageId: number | null; token: string | null; draft: MessageDraft; label: string; locale: Locale },
  api: DoneMessageApi,
): Promise<SendOutcome> {
  const { draft, label, locale } = input;
  const invalid = messageFieldError(draft.message, label, locale);
  if (invalid) return { status: 'invalid', fieldError: invalid };
  const fields = { message: draft.message.trim(), is_name_public: !draft.hideName };
  try {
    const view =
      input.messageId === null
        ? await api.create({ donation_id: input.donationId, ...fields }, input.token)
        : await api.update(input.messageId, fields, input.token);
    return { status: 'sent', view };
  } catch (error) {
    const rule = error instanceof ApiError ? error.fields?.message?.[0] : undefined;
    if (rule && isFieldRuleKey(rule))
      return {
        status: 'invalid',
        fieldError: fieldErrorMessage(rule, label, locale, rule === 'maxLength' ? { max: DONATION_MESSAGE_MAX_LENGTH } : {}),
      };
    return { status: 'failed', message: DONATION_ERRORS.campaignMessage[locale] };
  }
}
