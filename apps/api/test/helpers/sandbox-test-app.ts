// One provider sandbox and one API app pointed at it for a whole test file: started before its
// tests, closed after them. Registers the vitest hooks and returns handles that are filled in once
// they have run, so read them inside tests and hooks (`h.t`, `h.sandbox`), not at import time.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { startSandbox, type TestSandbox } from './start-sandbox';

/** What every sandbox (card, bank, wallet) offers that this set-up needs. */
interface Sandbox {
  url: string;
  /** Where the API sends mail (the sandbox mailbox). */
  smtpUrl: string;
  close(): Promise<void>;
}

export interface SandboxTestAppOptions<S extends Sandbox> {
  /** Starts the provider sandbox; the card sandbox unless told (e.g. `startBankSandbox`). */
  startSandbox?: () => Promise<S>;
  /**
   * Configuration added to SANDBOX_URL (e.g. BOT_CHECK_ENABLED); a function when it names something
   * an earlier beforeAll started (a fake web app's URL).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Extra routes registered on the app before it is ready (a test-only route guarded by a hook under test). */
  extend?: (app: FastifyInstance) => void;
  /** Run after each test, e.g. to clear faults, so one test's outage never leaks into the next. */
  afterEachTest?: (sandbox: S) => Promise<unknown> | unknown;
  /** The sandbox's webhooks reach the app: it listens on a free port and this points the sandbox there. */
  receiveWebhooks?: (sandbox: S, apiUrl: string) => void;
}

export interface SandboxTestApp<S extends Sandbox = TestSandbox> {
  sandbox: S;
  t: TestApp;
}

export function sandboxTestApp(options?: SandboxTestAppOptions<TestSandbox>): SandboxTestApp;
export function sandboxTestApp<S extends Sandbox>(
  options: SandboxTestAppOptions<S> & { startSandbox: () => Promise<S> },
): SandboxTestApp<S>;
export function sandboxTestApp<S extends Sandbox>(options: SandboxTestAppOptions<S> = {}): SandboxTestApp<S> {
  const start = options.startSandbox ?? (startSandbox as unknown as () => Promise<S>);
  const handles = {} as SandboxTestApp<S>;
  beforeAll(async () => {
    handles.sandbox = await start();
    const env = typeof options.env === 'function' ? options.env() : options.env;
    handles.t = await buildTestApp({ SANDBOX_URL: handles.sandbox.url, SMTP_URL: handles.sandbox.smtpUrl, ...env }, options.extend);
    if (options.receiveWebhooks) {
      options.receiveWebhooks(handles.sandbox, await handles.t.app.listen({ port: 0, host: '127.0.0.1' }));
    }
  });
  const { afterEachTest } = options;
  if (afterEachTest) afterEach(() => afterEachTest(handles.sandbox));
  afterAll(async () => {
    await handles.t?.close();
    await handles.sandbox?.close();
  });
  return handles;
}
