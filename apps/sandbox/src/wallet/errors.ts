// Amazon Pay answers every failed API call with `{reasonCode, message}` and an HTTP status that
// depends on the reason (https://developer.amazon.com/docs/amazon-pay-api-v2/error-handling.html).
// Handlers throw a WalletError; the API plugin's error handler turns it into that shape.
export interface AmazonErrorBody {
  reasonCode: string;
  message: string;
}

export class WalletError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reasonCode: string,
    message: string,
  ) {
    super(message);
  }

  get body(): AmazonErrorBody {
    return { reasonCode: this.reasonCode, message: this.message };
  }
}

/**
 * The brief for this sandbox asks for 401 on a bad or missing signature. Third-party lists of
 * Amazon's codes put InvalidRequestSignature under 403, so a client should treat both alike.
 */
export const INVALID_SIGNATURE_STATUS = 401;

export const walletErrors = {
  invalidSignature: (message: string) => new WalletError(INVALID_SIGNATURE_STATUS, 'InvalidRequestSignature', message),
  missingHeader: (name: string) => new WalletError(400, 'MissingHeader', `The ${name} header is required for this operation.`),
  invalidHeader: (name: string, why: string) =>
    new WalletError(400, 'InvalidHeaderValue', `The value of the ${name} header is invalid: ${why}`),
  invalidFormat: (message = 'The request body is not valid JSON.') => new WalletError(400, 'InvalidRequestFormat', message),
  invalidParameter: (message: string) => new WalletError(400, 'InvalidParameterValue', message),
  missingParameter: (message: string) => new WalletError(400, 'MissingParameterValue', message),
  unrecognizedField: (message: string) => new WalletError(400, 'UnrecognizedField', message),
  duplicateIdempotencyKey: () =>
    new WalletError(400, 'DuplicateIdempotencyKey', 'The idempotency key was already used in a different request and cannot be reused.'),
  currencyMismatch: (message: string) => new WalletError(400, 'CurrencyMismatch', message),
  transactionAmountExceeded: (message: string) => new WalletError(400, 'TransactionAmountExceeded', message),
  notFound: (kind: string, id: string) => new WalletError(404, 'ResourceNotFound', `${kind} ${id} was not found.`),
  amountMismatch: (message: string) => new WalletError(409, 'AmountMismatch', message),
  invalidCheckoutSessionStatus: (message: string) => new WalletError(422, 'InvalidCheckoutSessionStatus', message),
  checkoutSessionCanceled: (reasonCode: string | null) =>
    new WalletError(
      422,
      'CheckoutSessionCanceled',
      `Checkout was unsuccessful because the checkout session is Canceled (reasonCode ${reasonCode ?? 'unknown'}). Get the checkout session to read statusDetails.`,
    ),
  invalidChargePermissionStatus: (message: string) => new WalletError(422, 'InvalidChargePermissionStatus', message),
  chargePermissionNotModifiable: (message: string) => new WalletError(422, 'ChargePermissionNotModifiable', message),
  invalidChargeStatus: (message: string) => new WalletError(422, 'InvalidChargeStatus', message),
  internal: () => new WalletError(500, 'InternalServerError', 'An internal error occurred in the wallet sandbox. Retry the request.'),
};

/** The 500 body of fault injection (shared/faults.ts). */
export function internalErrorBody(): AmazonErrorBody {
  return {
    reasonCode: 'InternalServerError',
    message: 'The wallet sandbox failed this request on purpose (fault injection). Retry the request.',
  };
}
