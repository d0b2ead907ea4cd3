// What a supporter reads for each API error code (api-errors.ts) when no more specific message
// applies; conventions.md #4: user-facing wording lives in the catalogues, keyed by code.
import type { ApiErrorCode } from '../api-errors';
import type { LocalisedMessage } from './message';

export const API_ERROR_MESSAGES = {
  bad_request: { ja: 'リクエストの内容が正しくありません。', en: 'The request is invalid.' },
  validation_failed: { ja: '入力内容に誤りがあります。', en: 'Some of the entered values are invalid.' },
  unauthorized: { ja: 'ログインしてください。', en: 'Please login first.' },
  forbidden: { ja: 'この操作を行う権限がありません。', en: 'You are not allowed to do this.' },
  not_found: { ja: 'お探しの情報が見つかりませんでした。', en: 'What you are looking for was not found.' },
  conflict: { ja: 'ほかの操作と競合しました。もう一度お試しください。', en: 'This conflicts with another change. Please try again.' },
  unprocessable: { ja: 'この内容では処理できません。', en: 'This request cannot be processed.' },
  rate_limited: { ja: 'リクエストが多すぎます。しばらくしてから再度お試しください。', en: 'Too many requests. Please try again later.' },
  internal: {
    ja: 'サーバーでエラーが発生しました。しばらくしてから再度お試しください。',
    en: 'An error has been occurred on the server. Please try again later.',
  },
  bad_gateway: {
    ja: '外部サービスとの通信に失敗しました。しばらくしてから再度お試しください。',
    en: 'Failed to communicate with an external service. Please try again later.',
  },
  service_unavailable: {
    ja: '現在サービスをご利用いただけません。しばらくしてから再度お試しください。',
    en: 'The service is temporarily unavailable. Please try again later.',
  },
} as const satisfies Record<ApiErrorCode, LocalisedMessage>;
