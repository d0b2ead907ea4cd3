// An image upload as a browser sends it: multipart/form-data with the file in the field `file`;
// and real images made with sharp to upload.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export function multipartFile(bytes: Buffer, filename = 'image.png', contentType = 'image/png') {
  const boundary = '----kifu-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pngImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#f0642d' } })
    .png()
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An image bomb: a valid PNG of `width` × `height` one-bit grey pixels, all black, whose rows
 * deflate to almost nothing (16000 × 16000 is about 31 KB), built by hand so that nothing has to
 * encode the pixels.
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  // Each row: filter byte 0, then width bits of zero.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
