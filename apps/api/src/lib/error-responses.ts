import { api } from '@kifu/domain';

/** Response schemas for the error statuses a route can return, so /docs lists them. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof api.errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, api.errorBody])) as Record<S, typeof api.errorBody>;
}
