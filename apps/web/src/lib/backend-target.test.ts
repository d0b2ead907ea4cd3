import { describe, expect, it } from 'vitest';
import { backendTarget, isBackendPath } from './backend-target';

describe('backend forwarding', () => {
  it('recognises /backend paths only', () => {
    expect(isBackendPath('/backend')).toBe(true);
    expect(isBackendPath('/backend/associate/')).toBe(true);
    expect(isBackendPath('/backendish')).toBe(false);
    expect(isBackendPath('/en/backend')).toBe(false);
  });
  it('maps to the API base with path and query', () => {
    expect(backendTarget('/backend/media/demo/logo/3.svg', '', 'http://127.0.0.1:4100/').href).toBe(
      'http://127.0.0.1:4100/media/demo/logo/3.svg',
    );
    expect(backendTarget('/backend/associate/', '?lang=en', 'http://api:4000').href).toBe('http://api:4000/associate/?lang=en');
    expect(backendTarget('/backend', '', 'http://api:4000').href).toBe('http://api:4000/');
  });
});
