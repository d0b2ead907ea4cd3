// The one error model of the API (conventions.md #4): a stable code, its HTTP status, and a body
// `{code, detail, fields?}` (spec §7: every error body carries a detail string). User-facing
// wording lives in the message catalogues (errors.ts), keyed by code.
export const API_ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;
export const API_ERROR_CODES = Object.keys(API_ERROR_STATUS) as ApiErrorCode[];
