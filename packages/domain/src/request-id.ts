// The API's request id (apps/api plugins/request-id.ts) as the web reads it and error reports carry
// it (ADR 050). A module of its own so that browser code reading it takes none of the reporting rules.

/** The header the API answers every request with its id in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The tag of an error report that carries that id. */
export const REQUEST_ID_TAG = 'request_id';
