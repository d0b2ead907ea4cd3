// The bench's load generator (bench/load-generator.mjs) against a real local server: wrk where the
// machine has it (CI installs it), autocannon otherwise. What the bench's rows rest on: requests a
// second, a p99, and failed answers counted as failed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, readWrkOutput } from '../bench/load-generator.mjs';

let server: Server;
let base: string;
const seenEncodings = new Set<string>();

beforeAll(async () => {
  server = createServer((request, response) => {
    seenEncodings.add(String(request.headers['accept-encoding']));
    response.writeHead(request.url === '/fails' ? 500 : 200, { 'content-type': 'text/plain' });
    response.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the bench load generator', () => {
  it('counts the answers of a server, with the headers a browser sends, and none failed', async () => {
    const result = await load(`${base}/ok`, { connections: 4, durationS: 1, headers: { 'accept-encoding': 'gzip, br' } });
    expect(result.rps).toBeGreaterThan(50);
    expect(result.p99).toBeGreaterThan(0);
    expect(result.failed).toBe(0);
    expect([...seenEncodings]).toEqual(['gzip, br']);
  });

  it('counts 5xx answers as failed', async () => {
    const result = await load(`${base}/fails`, { connections: 2, durationS: 1 });
    expect(result.failed).toBeGreaterThan(0);
  });

  it("reads wrk's latency in whatever unit it prints", () => {
    const printed = [
      'Running 10s test @ http://127.0.0.1:3600/',
      '  Latency Distribution',
      '     50%  812.00us',
      '     99%    1.20s',
      '  1000 requests in 10.00s, 1.00MB read',
      '  Non-2xx or 3xx responses: 3',
      '  Socket errors: connect 0, read 1, write 0, timeout 2',
      'Requests/sec:    100.00',
    ].join('\n');
    expect(readWrkOutput(printed)).toEqual({ rps: 100, p99: 1_200, failed: 6 });
  });
});
