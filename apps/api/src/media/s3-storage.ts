// Uploaded files on an S3-compatible store (AWS S3, MinIO, the sandbox's /storage), chosen by
// UPLOAD_STORAGE=s3 (ADR 037). Objects are written under the same keys as on disk.
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { checkedKey, type FileStorage } from './file-storage';

export interface S3StorageOptions {
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path rather than the host name: MinIO and the sandbox need it. */
  forcePathStyle: boolean;
  /** Per attempt; the SDK retries throttling and 5xx answers (3 attempts) on top. */
  requestTimeoutMs?: number;
}

// The media route sets its own Content-Type; this is for whoever reads the bucket directly (a CDN).
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', zip: 'application/zip' };

const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/**
 * A missing key reads as "no such file". A missing bucket does not: it is a misconfiguration that
 * must surface, not make every image a 404. (AWS answers 403, not 404, for a missing key when the
 * credentials lack s3:ListBucket on the bucket; grant it.)
 */
function isMissingKey(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

export function s3Storage(options: S3StorageOptions): FileStorage {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Without throwOnRequestTimeout the handler only logs a warning and keeps waiting on a silent store.
    requestHandler: options.requestTimeoutMs ? { requestTimeout: options.requestTimeoutMs, throwOnRequestTimeout: true } : undefined,
  });
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: checkedKey(key), Body: bytes, ContentType: contentTypeOf(key) }));
    },
    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        return response.Body ? Buffer.from(await response.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there, which is what the interface promises.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
