// An image upload as a browser sends it: multipart/form-data with the file in the field `file`;
// and real images made with sharp to upload.
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
