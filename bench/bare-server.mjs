// The machine's limit for an answer (docs/performance.md): a server that does nothing but send the
// bytes Kifu sent, run as a process of its own beside Kifu's, so both share the same cores.
//
//   node bench/bare-server.mjs <node|fastify> <port> <answer.json>
//
// answer.json: { status, headers, body (base64) } as captured from Kifu's answer. `node` is Node's
// own http server (the limit of a page, whose bytes Next sends); `fastify` is a bare Fastify route,
// no logger and no hooks (the limit of an API read, which Kifu answers through Fastify).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [kind, port, file] = process.argv.slice(2);
const answer = JSON.parse(readFileSync(file, 'utf8'));
const body = Buffer.from(answer.body, 'base64');

if (kind === 'fastify') {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/*', (_request, reply) => reply.code(answer.status).headers(answer.headers).send(body));
  await app.listen({ port: Number(port), host: '127.0.0.1' });
} else {
  const server = createServer((_request, response) => {
    response.writeHead(answer.status, { ...answer.headers, 'content-length': body.length });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
}
process.stdout.write('listening\n');
