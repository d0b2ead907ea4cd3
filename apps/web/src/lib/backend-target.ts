// Where a same-origin /backend/* request goes: the API base plus the rest of the path and query.
export const BACKEND_PREFIX = '/backend';

export function isBackendPath(pathname: string): boolean {
  return pathname === BACKEND_PREFIX || pathname.startsWith(`${BACKEND_PREFIX}/`);
}

export function backendTarget(pathname: string, search: string, apiBaseUrl: string): URL {
  const rest = pathname.slice(BACKEND_PREFIX.length) || '/';
  return new URL(`${apiBaseUrl.replace(/\/+$/, '')}${rest}${search}`);
}
