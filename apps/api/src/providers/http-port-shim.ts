// Why this exists: the official omise SDK (node_modules/omise/lib/api.js) calls
// `http.request({host, path, headers, method, agent: undefined})` with no `port`, so every request
// goes to port 80 (443 with https) through `http.globalAgent`. The real provider needs nothing
// else, but a configured card URL with an explicit port (the sandbox at http://127.0.0.1:4010, or
// a port 0 sandbox in tests) cannot be reached as-is, and passing "host:port" as `host` makes Node
// look the whole string up in DNS. The SDK has no agent option either (only `http_proxy`, which
// would bypass this shim entirely).
//
// So, once per process, `http.globalAgent` is replaced by a subclass that opens the connection on
// another port for hostnames registered with `routeHostToPort()` — and only when the request is
// aimed at the default port 80, i.e. it came without a port. Every other request (other hosts, or
// the same host with an explicit port) is untouched, and the previous agent's options (keep-alive,
// scheduling, timeout) are kept. Recorded in an ADR; used only when CARD_API_URL has a non-default port.
import http from 'node:http';
import type { Duplex } from 'node:stream';

const DEFAULT_HTTP_PORT = 80;
/** A marker instead of `instanceof`: test runners may evaluate this module more than once per process. */
const ROUTING_AGENT = Symbol.for('kifu.http-port-shim.agent');

type ConnectOptions = http.ClientRequestArgs & { [key: string]: unknown };

class PortRoutingAgent extends http.Agent {
  readonly [ROUTING_AGENT] = true;
  readonly routes = new Map<string, number>();

  private routed<T extends ConnectOptions>(options: T): T {
    const host = options.host ?? options.hostname ?? '';
    const port = this.routes.get(host);
    const portless = options.port === undefined || options.port === null || Number(options.port) === DEFAULT_HTTP_PORT;
    return port !== undefined && portless ? { ...options, port } : options;
  }

  override createConnection(options: ConnectOptions, callback?: (error: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    return super.createConnection(this.routed(options), callback);
  }

  /** Keep-alive pools are keyed by host:port; key by the real port so two sandboxes never share a socket. */
  override getName(options: http.ClientRequestArgs = {}): string {
    return super.getName(this.routed(options as ConnectOptions));
  }
}

function installedAgent(): PortRoutingAgent {
  const current = http.globalAgent as http.Agent & { [ROUTING_AGENT]?: boolean; options?: http.AgentOptions };
  if (current[ROUTING_AGENT]) return current as PortRoutingAgent;
  const agent = new PortRoutingAgent(current.options);
  http.globalAgent = agent;
  return agent;
}

/** Portless `http.request`s to `hostname` go to `port` from now on (the last call for a hostname wins). */
export function routeHostToPort(hostname: string, port: number): void {
  installedAgent().routes.set(hostname, port);
}
