// Omise's error object and the HTTP status of each error code (https://docs.opn.ooo/api-errors).
// Every failure the gateway answers goes through here so the SDK rejects with the same object the
// real provider sends: `{object:'error', location, code, message}`.
export const CARD_ERROR_STATUS = {
  bad_request: 400,
  used_token: 400,
  invalid_amount: 400,
  invalid_charge: 400,
  missing_card: 400,
  failed_capture: 400,
  failed_refund: 400,
  failed_expire: 400,
  expired_charge: 400,
  authentication_failure: 401,
  not_found: 404,
  invalid_card: 422,
  internal_error: 500,
} as const;

export type CardErrorCode = keyof typeof CARD_ERROR_STATUS;

export interface CardErrorBody {
  object: 'error';
  location: string;
  code: CardErrorCode;
  message: string;
}

export function cardErrorBody(code: CardErrorCode, message: string): CardErrorBody {
  return { object: 'error', location: `https://www.omise.co/api-errors#${code.replace(/_/g, '-')}`, code, message };
}

/** Thrown by the gateway's use cases; the card routes' error handler turns it into the response. */
export class CardApiError extends Error {
  constructor(
    readonly code: CardErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CardApiError';
  }

  get status(): number {
    return CARD_ERROR_STATUS[this.code];
  }

  get body(): CardErrorBody {
    return cardErrorBody(this.code, this.message);
  }
}

/** Omise words a missing object as "<kind> <id> was not found". */
export function notFound(kind: string, id: string): CardApiError {
  return new CardApiError('not_found', `${kind} ${id} was not found`);
}

export const AUTHENTICATION_FAILURE = () => cardErrorBody('authentication_failure', 'authentication failed');
export const INTERNAL_ERROR = () => cardErrorBody('internal_error', 'request could not be completed due to an internal error');
