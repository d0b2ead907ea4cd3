// How the web server stops (ADR 049), without Next: a plain server with a request in flight closes
// its port after the drain, answers that request, and does not wait for a kept-alive connection;
// as a real process on SIGTERM it exits 0 once the request in flight is answered, and 1 when the
// grace runs out first.
import { spawn } from 'node:child_process';
import { Agent, createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully, shutdownSettings } from './graceful-close';

type Probe = { status: number; connection: string | undefined; body: string } | 'refused';

function probe(url: string, agent: Agent | false = false): Promise<Probe> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body }));
    }).on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error)));
  });
}

describe('shutdownSettings', () => {
  it('reads SHUTDOWN_GRACE_MS and SHUTDOWN_DRAIN_MS with the API defaults, and refuses what cannot work', () => {
    expect(shutdownSettings({})).toEqual({ graceMs: 25_000, drainMs: 0 });
    expect(shutdownSettings({ SHUTDOWN_GRACE_MS: '40000', SHUTDOWN_DRAIN_MS: '5000' })).toEqual({ graceMs: 40_000, drainMs: 5_000 });
    expect(() => shutdownSettings({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => shutdownSettings({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => shutdownSettings({ SHUTDOWN_GRACE_MS: '1000', SHUTDOWN_DRAIN_MS: '1000' })).toThrow(/shorter than SHUTDOWN_GRACE_MS/);
  });
});

describe('closeGracefully', () => {
  let server: Server | undefined;
  const agent = new Agent({ keepAlive: true });
  afterEach(() => {
    agent.destroy();
    server?.closeAllConnections();
  });

  it('takes requests during the drain, then closes the port, answers the request in flight and ends', { timeout: 60_000 }, async () => {
    let arrived = () => {};
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    let answerSlow = () => {};
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      if (request.url !== '/slow') return response.end('ok');
      answerSlow = () => response.end('done');
      arrived();
    });
    // A keep-alive timeout far beyond the test's: the close must not wait for it.
    server.keepAliveTimeout = 10 * 60_000;
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const inFlight = probe(`${base}/slow`, agent);
    await slowArrived;
    let closed = false;
    const closing = closeGracefully(server, 1_000).then(() => (closed = true));

    // Still taken during the drain, each on a connection that ends with its answer.
    expect(await probe(`${base}/`, agent)).toEqual({ status: 200, connection: 'close', body: 'ok' });
    await expect.poll(() => probe(`${base}/`), { timeout: 30_000, interval: 100 }).toBe('refused');
    expect(closed).toBe(false);

    answerSlow();
    expect(await inFlight).toMatchObject({ status: 200, body: 'done' });
    await expect.poll(() => closed, { timeout: 20_000 }).toBe(true);
    await closing;
  });
});

/** A process that serves as serve.ts does and stops with stopOnSignals: '/slow' is answered `answerAfterSignalMs` after SIGTERM. */
function stoppingProcess(graceMs: number, answerAfterSignalMs: number) {
  const module = fileURLToPath(new URL('./graceful-close.ts', import.meta.url));
  const script = `
    import { createServer } from 'node:http';
    import { closeGracefully, stopOnSignals } from ${JSON.stringify(module)};
    let slow;
    process.on('SIGTERM', () => setTimeout(() => slow?.end('done'), ${answerAfterSignalMs}));
    const server = createServer((request, response) => {
      slow = response;
      console.info('received');
    }).listen(0, '127.0.0.1', () => console.info('port ' + server.address().port));
    stopOnSignals(() => closeGracefully(server, 0), { graceMs: ${graceMs}, drainMs: 0 });
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('stopOnSignals', () => {
  it('exits 0 on SIGTERM once the request in flight is answered', { timeout: 60_000 }, async () => {
    const stopping = stoppingProcess(30_000, 500);
    await expect.poll(() => /port (\d+)/.test(stopping.output()), { timeout: 30_000 }).toBe(true);
    const port = /port (\d+)/.exec(stopping.output())![1];
    const inFlight = probe(`http://127.0.0.1:${port}/slow`);
    await expect.poll(() => stopping.output().includes('received'), { timeout: 30_000 }).toBe(true);
    stopping.child.kill('SIGTERM');
    expect(await inFlight).toMatchObject({ status: 200, body: 'done' });
    expect(await stopping.exited).toBe(0);
  });

  it('exits 1 when the request in flight is not answered within the grace', { timeout: 60_000 }, async () => {
    const stopping = stoppingProcess(1_000, 60_000);
    await expect.poll(() => /port (\d+)/.test(stopping.output()), { timeout: 30_000 }).toBe(true);
    const port = /port (\d+)/.exec(stopping.output())![1];
    const inFlight = probe(`http://127.0.0.1:${port}/slow`).catch(() => 'cut off');
    await expect.poll(() => stopping.output().includes('received'), { timeout: 30_000 }).toBe(true);
    stopping.child.kill('SIGTERM');
    expect(await stopping.exited).toBe(1);
    expect(await inFlight).toBe('cut off');
  });
});
