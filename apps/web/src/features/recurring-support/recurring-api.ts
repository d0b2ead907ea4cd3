// The supporter's recurring support calls (ADR 034), from the browser through the same-origin
// /backend proxy with the session cookie: the list, and the five changes, each answering the
// donation as it now stands. What a failure tells the supporter is chosen here too.
import type { api } from '@kifu/domain';
import { amountAboveMaxMessage, amountBelowMinMessage } from '@kifu/domain/catalogue/amount-messages';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import { FIELD_ERRORS } from '@kifu/domain/catalogue/field-errors';
import { formatMessage, type LocalisedMessage } from '@kifu/domain/catalogue/message';
import { PAGE_ERRORS } from '@kifu/domain/catalogue/page-messages';
import { RECURRING_ERRORS } from '@kifu/domain/catalogue/recurring-texts';
import type { Locale } from '@kifu/domain/enums';
import type { PauseMonths } from '@kifu/domain/recurring-support';
import { ApiError, createApiClient, type ApiClient } from '@/lib/api-client';
import type { AmountLimits } from '@kifu/domain/money';

export type RecurringChange =
  | { kind: 'amount'; amount: number }
  | { kind: 'pause'; months: PauseMonths }
  | { kind: 'skip' }
  | { kind: 'resume' }
  | { kind: 'stop'; reason: string | null };

const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };

/** Whose calls: a signed-in supporter's, or a guest's in the session the mailed link opened (ADR 034). */
export type RecurringCaller = 'supporter' | 'guest';

const PATHS: Record<RecurringCaller, { list: string; changes: string }> = {
  supporter: { list: '/user/my_page/recurring_donation/associate/', changes: '/donation/recurring' },
  guest: { list: '/auth/application/recurring-donations/', changes: '/auth/application/recurring-donations' },
};

export function createRecurringApi(client: ApiClient = createApiClient('/backend'), caller: RecurringCaller = 'supporter') {
  const paths = PATHS[caller];
  return {
    async list(locale: Locale, signal?: AbortSignal): Promise<api.RecurringSupportItem[]> {
      const list = await client.get<api.RecurringSupportList>(paths.list, {
        query: { lang: locale },
        signal,
        init,
      });
      return list.results;
    },

    async change(id: number, change: RecurringChange, locale: Locale): Promise<api.RecurringSupportItem> {
      const { kind, ...rest } = change;
      const body: Record<string, unknown> = { ...rest, lang: locale };
      if (change.kind === 'stop' && change.reason === null) delete body.reason;
      const { status, content } = await client.request<api.RecurringSupportItem>('POST', `${paths.changes}/${id}/${kind}/`, {
        body,
        init,
      });
      if (content === null) throw new ApiError(status, 'The API returned an empty or non-JSON body');
      return content;
    },
  };
}

export type RecurringApi = ReturnType<typeof createRecurringApi>;

/** What the amount field needs to word its errors: its label and the payment method's name, in the page's language. */
export interface AmountContext {
  limits: AmountLimits;
  fieldLabel: string;
  methodLabel: string;
}

export type AmountRule = 'min' | 'max' | 'value';

/** The message for an amount the rules refuse ('value': not a whole number of yen). */
export function amountRuleMessage(rule: AmountRule, context: AmountContext, locale: Locale): string {
  if (rule === 'min') return amountBelowMinMessage(context.limits.min, locale);
  if (rule === 'max') return amountAboveMaxMessage(context.methodLabel, context.limits.max, locale);
  return formatMessage(FIELD_ERRORS['pattern.number'][locale], { label: context.fieldLabel });
}

/** Where a failure belongs: under the amount field, or in the card's alert. */
export type Failure = { field: 'amount'; message: string } | { field: null; message: string };

const knownDetail = (detail: string): LocalisedMessage | undefined =>
  // A not-found detail carries the id after the message: "… was not found. (12)".
  Object.values(RECURRING_ERRORS).find((message: LocalisedMessage) => detail === message.en || detail.startsWith(`${message.en} (`));

/**
 * What to tell the supporter about a failed change: the recurring catalogue's reason the API gave
 * (its detail is that message's English), an amount the rules refuse with the limits, and otherwise
 * the message for the status; no answer at all is a network error.
 */
export function failureOf(error: unknown, locale: Locale, amount?: AmountContext): Failure {
  if (!(error instanceof ApiError)) return { field: null, message: PAGE_ERRORS.network[locale] };
  const known = knownDetail(error.detail);
  if (known === RECURRING_ERRORS.sameAmount) return { field: 'amount', message: known[locale] };
  if (known) return { field: null, message: known[locale] };
  const rule = error.fields?.amount?.[0];
  if (error.status === 400 && amount && (rule === 'min' || rule === 'max' || rule === 'value')) {
    return { field: 'amount', message: amountRuleMessage(rule, amount, locale) };
  }
  switch (error.status) {
    case 401:
      return { field: null, message: API_ERROR_MESSAGES.unauthorized[locale] };
    case 404:
      return { field: null, message: RECURRING_ERRORS.notFound[locale] };
    case 409:
      return { field: null, message: RECURRING_ERRORS.notAllowed[locale] };
    case 429:
      return { field: null, message: API_ERROR_MESSAGES.rate_limited[locale] };
    case 502:
      return { field: null, message: RECURRING_ERRORS.providerFailed[locale] };
    default:
      return { field: null, message: PAGE_ERRORS.unknown[locale] };
  }
}
