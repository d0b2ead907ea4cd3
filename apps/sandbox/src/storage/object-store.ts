// The objects the emulator holds, in memory (a restart or POST /__control/reset empties them), and
// the storage fault control: the next N protocol requests answer an S3 error whatever they ask.
import { createHash } from 'node:crypto';

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  /** S3's ETag of a single-part upload: the quoted MD5 of the bytes. */
  etag: string;
  lastModified: Date;
  /** The x-amz-checksum-* headers the upload carried; S3 returns them to a GET that asks, and the SDK checks them. */
  checksums: Record<string, string>;
}

/** 503 SlowDown is S3's throttling answer, which SDKs retry with back-off; 500 InternalError is a fault. */
export const STORAGE_FAULTS = { SlowDown: 503, InternalError: 500 } as const;
export type StorageFault = keyof typeof STORAGE_FAULTS;

export interface StorageFaultSettings {
  /** How many of the next protocol requests fail. */
  failNext: number;
  failWith: StorageFault;
}

const NO_FAULT: StorageFaultSettings = { failNext: 0, failWith: 'SlowDown' };

export class ObjectStore {
  faults: StorageFaultSettings = { ...NO_FAULT };
  private readonly buckets: Map<string, Map<string, StoredObject>>;

  constructor(private readonly bucketNames: readonly string[]) {
    this.buckets = new Map(bucketNames.map((name) => [name, new Map()]));
  }

  bucket(name: string): Map<string, StoredObject> | undefined {
    return this.buckets.get(name);
  }

  put(bucket: Map<string, StoredObject>, key: string, fields: Omit<StoredObject, 'etag'>): StoredObject {
    const stored = { ...fields, etag: `"${createHash('md5').update(fields.bytes).digest('hex')}"` };
    bucket.set(key, stored);
    return stored;
  }

  /** The fault the current request answers with, counting it down; undefined when none is due. */
  takeFault(): StorageFault | undefined {
    if (this.faults.failNext <= 0) return undefined;
    this.faults = { ...this.faults, failNext: this.faults.failNext - 1 };
    return this.faults.failWith;
  }

  get objectCount(): number {
    return [...this.buckets.values()].reduce((count, bucket) => count + bucket.size, 0);
  }

  reset(): void {
    this.faults = { ...NO_FAULT };
    this.buckets.clear();
    for (const name of this.bucketNames) this.buckets.set(name, new Map());
  }
}
