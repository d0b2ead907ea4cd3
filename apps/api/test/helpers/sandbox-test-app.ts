// One card sandbox and one API app pointed at it for a whole test file: started before its tests,
// closed after them. `env` adds configuration (e.g. BOT_CHECK_ENABLED).
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { startSandbox, type TestSandbox } from './start-sandbox';

export interface SandboxTestApp {
  sandbox: TestSandbox;
  t: TestApp;
}

export function sandboxTestApp(env: Record<string, string> = {}): SandboxTestApp {
  const handles = {} as SandboxTestApp;
  beforeAll(async () => {
    handles.sandbox = await startSandbox();
    handles.t = await buildTestApp({ SANDBOX_URL: handles.sandbox.url, ...env });
  });
  afterAll(async () => {
    await handles.t?.close();
    await handles.sandbox?.close();
  });
  return handles;
}
