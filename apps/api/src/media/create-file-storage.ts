// The file storage the configuration names (UPLOAD_STORAGE; ADR 037). The AWS SDK is loaded only
// when S3 is configured: on disk, the API neither pays its start-up time nor holds its memory.
import { diskUploadsDir, type Config } from '../config/env';
import { diskStorage, type FileStorage } from './file-storage';

export async function createFileStorage(config: Config): Promise<FileStorage> {
  if (config.UPLOAD_STORAGE === 'disk') return diskStorage(diskUploadsDir(config));
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  // loadConfig refuses UPLOAD_STORAGE=s3 without them; this only narrows the types.
  if (!bucket || !accessKeyId || !secretAccessKey) throw new Error('UPLOAD_STORAGE=s3 needs S3_BUCKET and a key pair');
  const { s3Storage } = await import('./s3-storage');
  return s3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    requestTimeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
}
