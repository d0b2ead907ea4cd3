// The one error model of the API (conventions.md #4): a code from API_ERROR_STATUS, a short
// technical `detail` (spec §7: every error body carries one) and optional field rule keys.
// Wording for people lives in the domain message catalogues, keyed by code.
import { API_ERROR_STATUS, type ApiErrorCode } from '@kifu/domain';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ApiErrorCode,
    readonly detail: string = code,
    readonly fields?: FieldErrors,
  ) {
    super(detail);
  }

  get statusCode(): number {
    return API_ERROR_STATUS[this.code];
  }
}
