// Relays in front of a provider or the SMTP server that let the other side act but keep its answer
// from Kifu until the test says so: a request is then provably in flight (a charge the provider
// made, a mail being sent) for as long as the test needs — to send SIGTERM or SIGKILL meanwhile —
// however busy the machine, where a fixed delay would race the test's own steps.
import { createServer as createHttpServer, request as httpRequest, type Server as HttpServer } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';

export interface HoldingRelay {
  url: string;
  /** Answers held back so far. */
  held(): number;
  /** Sends every held answer on, and holds none from now on. */
  release(): void;
  close(): Promise<void>;
}

function listen(server: HttpServer | TcpServer): Promise<number> {
  return new Promise((listening) => server.listen(0, '127.0.0.1', () => listening((server.address() as AddressInfo).port)));
}

function closeAll(server: HttpServer | TcpServer, sockets: Set<Socket>): Promise<void> {
  const closed = new Promise<void>((done) => server.close(() => done()));
  for (const socket of sockets) socket.destroy();
  return closed;
}

function tracked(server: HttpServer | TcpServer): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

/** The answers one relay holds back, and the handle the test gets. */
function holder(server: HttpServer | TcpServer) {
  const sockets = tracked(server);
  const waiting: (() => void)[] = [];
  let held = 0;
  let releasing = false;
  return {
    /** Holds `pass` (what sends the answer on) unless release() came first; says whether it did. */
    hold(pass: () => void): boolean {
      if (releasing) return false;
      held++;
      waiting.push(pass);
      return true;
    },
    handle: (url: string): HoldingRelay => ({
      url,
      held: () => held,
      release: () => {
        releasing = true;
        for (const pass of waiting.splice(0)) pass();
      },
      close: () => closeAll(server, sockets),
    }),
  };
}

/**
 * HTTP to `target`: every request goes through at once; the answer to one that `hold(method, path)`
 * picks waits for `release()`.
 */
export async function answerHoldingProxy(target: string, hold: (method: string, path: string) => boolean): Promise<HoldingRelay> {
  const server = createHttpServer((incoming, outgoing) => {
    const upstream = httpRequest(new URL(incoming.url!, target), { method: incoming.method, headers: incoming.headers }, (answer) => {
      answer.on('error', () => undefined);
      const pass = () => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      };
      if (!hold(incoming.method!, incoming.url!.split('?')[0]!) || !answers.hold(pass)) pass();
    });
    // A killed caller, or the relay closed under a held answer: nothing more to pass on either way.
    upstream.on('error', () => outgoing.destroy());
    incoming.on('error', () => upstream.destroy());
    outgoing.on('error', () => undefined);
    incoming.pipe(upstream);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  const answers = holder(server);
  return answers.handle(`http://127.0.0.1:${await listen(server)}`);
}

/** The end of a mail's text in SMTP (RFC 5321 §4.1.1.4): a line holding a single dot. */
const END_OF_DATA = '\r\n.\r\n';

/**
 * TCP to `target` (an SMTP server): the conversation goes through until the client has sent a
 * mail's text; then what `hold` names waits for `release()`: the server's answer to the text
 * (`acceptance`), or the text's last chunk (`end-of-text`).
 */
async function smtpHoldingRelay(target: { host: string; port: number }, hold: 'acceptance' | 'end-of-text'): Promise<HoldingRelay> {
  const server = createTcpServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) socket.on('error', () => undefined);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    const heldSide = hold === 'acceptance' ? client : upstream;
    let tail = '';
    let holding = false;
    const waiting: Buffer[] = [];
    const pass = () => {
      holding = false;
      for (const chunk of waiting.splice(0)) if (!heldSide.destroyed) heldSide.write(chunk);
    };
    client.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('latin1')).slice(-END_OF_DATA.length);
      const endOfText = tail === END_OF_DATA;
      if (hold === 'end-of-text' && (holding || (endOfText && (holding = stops.hold(pass))))) waiting.push(chunk);
      else upstream.write(chunk);
      if (hold === 'acceptance' && endOfText) holding = stops.hold(pass);
    });
    upstream.on('data', (chunk: Buffer) => (hold === 'acceptance' && holding ? waiting.push(chunk) : client.write(chunk)));
  });
  const stops = holder(server);
  return stops.handle(`smtp://127.0.0.1:${await listen(server)}`);
}

/**
 * The server's answer to a mail's text (250: accepted) waits for `release()`. The mail is then
 * with the server, and the sender waits to hear so, within its 30 s socket timeout (the greeting's
 * is 10 s). `held()` counts the answers held back.
 */
export function smtpAcceptanceHoldingRelay(target: { host: string; port: number }): Promise<HoldingRelay> {
  return smtpHoldingRelay(target, 'acceptance');
}

/**
 * The last chunk of a mail's text waits for `release()`: the sender is mid-mail and the server has
 * not got it whole, so a sender that goes away meanwhile (killed) has delivered nothing, and the
 * server drops what it got. `held()` counts the mails held back.
 */
export function smtpTextHoldingRelay(target: { host: string; port: number }): Promise<HoldingRelay> {
  return smtpHoldingRelay(target, 'end-of-text');
}
