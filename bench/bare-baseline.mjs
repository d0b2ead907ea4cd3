// A bare server sending the bytes of one of Kifu's answers (bench/bare-server.mjs), started as a
// process of its own: what the machine can do with the same bytes, the limit beside a figure.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './stack.mjs';

/** What a bare server repeats of an answer: the headers a client reads, not those of one connection. */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'cache-control', 'vary', 'etag', 'x-kifu-cache'];

/**
 * Fetches `url` with `headers` as the load will, starts a bare `kind` server (`node` or `fastify`)
 * on `port` answering those bytes, and answers its URL, the size of the body and a stop function.
 */
export async function startBareBaseline(kind, url, port, headers) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  // fetch decodes the body; the bare server must send what went over the wire.
  const encoding = response.headers.get('content-encoding');
  const wire = encoding ? await encode(body, encoding) : body;
  const kept = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)]] : [])));
  const file = join(mkdtempSync(join(tmpdir(), 'kifu-bare-')), 'answer.json');
  writeFileSync(file, JSON.stringify({ status: response.status, headers: kept, body: wire.toString('base64') }));
  const child = spawn(process.execPath, [join(root, 'bench/bare-server.mjs'), kind, String(port), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare ${kind} server exited (${code})`)));
    child.stdout.once('data', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}${new URL(url).pathname}`,
    bytes: wire.length,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function encode(body, encoding) {
  const zlib = await import('node:zlib');
  if (encoding === 'br') return zlib.brotliCompressSync(body);
  if (encoding === 'gzip') return zlib.gzipSync(body);
  if (encoding === 'deflate') return zlib.deflateSync(body);
  throw new Error(`cannot re-encode ${encoding}`);
}
