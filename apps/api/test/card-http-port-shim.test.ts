// The port shim the omise SDK needs to reach a gateway on a non-default port: portless requests to
// a registered host go to its port; explicit ports and other hosts are left alone.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeHostToPort } from '../src/providers/http-port-shim';

const servers: http.Server[] = [];

async function serve(name: string): Promise<number> {
  const server = http.createServer((_request, response) => response.end(name));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as { port: number }).port;
}

/** As the omise SDK asks: host only, no port, no agent. */
function get(options: http.RequestOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ path: '/', ...options }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

let routed: number;
let other: number;
beforeAll(async () => {
  routed = await serve('routed');
  other = await serve('other');
});
afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done));
});

describe('routeHostToPort', () => {
  it('sends portless requests for a registered host to its port', async () => {
    routeHostToPort('127.0.0.1', routed);
    expect(await get({ host: '127.0.0.1' })).toBe('routed');
  });

  it('leaves a request with an explicit port alone', async () => {
    routeHostToPort('127.0.0.1', routed);
    expect(await get({ host: '127.0.0.1', port: other })).toBe('other');
  });

  it('installs one agent, keeping the default agent options, and lets the last route win', async () => {
    routeHostToPort('127.0.0.1', other);
    const agent = http.globalAgent;
    routeHostToPort('127.0.0.1', routed);
    expect(http.globalAgent).toBe(agent);
    expect((agent as http.Agent & { keepAlive?: boolean }).keepAlive).toBe(true);
    expect(await get({ host: '127.0.0.1' })).toBe('routed');
    // Pooled sockets are keyed by the real port, so two gateways never share a connection.
    expect(agent.getName({ host: '127.0.0.1', port: 80 })).toBe(`127.0.0.1:${routed}:`);
    expect(agent.getName({ host: 'example.com', port: 80 })).toBe('example.com:80:');
  });
});
