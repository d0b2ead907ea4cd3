// Label values both the API and the web server put on their request metrics (ADR 048). Labels must
// take a bounded set of values: a method a client invents, or an exact status code, would not.

export const METRICS_PATH = '/metrics';

const COMMON_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The request's method, or OTHER: methods are the client's to choose. */
export const methodLabel = (method: string | undefined): string => (method !== undefined && COMMON_METHODS.has(method) ? method : 'OTHER');

/** 2xx, 3xx, 4xx, 5xx. */
export const statusClass = (statusCode: number): string => `${Math.floor(statusCode / 100)}xx`;
