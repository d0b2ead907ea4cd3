// Types of what tests import from bundle-services.mjs.
export function bundleIfStale(part: 'api' | 'web'): Promise<boolean>;
