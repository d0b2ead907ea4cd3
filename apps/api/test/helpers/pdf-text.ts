// What a PDF says, read the way a person's viewer would: rendered by poppler (pdftotext, and
// pdftoppm for a page image) from the bytes a route answered.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withFile<T>(bytes: Buffer, use: (path: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'kifu-pdf-'));
  try {
    const path = join(dir, 'document.pdf');
    await writeFile(path, bytes);
    return await use(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of every page, in reading order. */
export function pdfText(bytes: Buffer): Promise<string> {
  return withFile(bytes, async (path) => (await run('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'])).stdout);
}

/** How many pages pdftoppm renders (it fails on a PDF it cannot draw). */
export function renderedPages(bytes: Buffer): Promise<number> {
  return withFile(bytes, async (path, dir) => {
    await run('pdftoppm', ['-png', '-r', '30', path, join(dir, 'page')]);
    return (await readdir(dir)).filter((name) => name.endsWith('.png')).length;
  });
}

/** The first page as pixels (RGB, `dpi` dots per inch: 72 makes one pixel a PDF point), to check what is drawn where. */
export function renderedPixels(bytes: Buffer, dpi = 72): Promise<{ width: number; height: number; rgb: Buffer }> {
  return withFile(bytes, async (path, dir) => {
    await run('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', path, join(dir, 'page')]);
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(join(dir, 'page.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, rgb: data };
  });
}
