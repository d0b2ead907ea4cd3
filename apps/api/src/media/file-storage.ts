// Uploaded files behind one interface (architecture.md "uploads": disk under DATA_DIR by default,
// S3-compatible by configuration: s3-storage.ts, ADR 037). Keys are ours (never a client's file name): a folder and
// a random name, so nothing a user sends can reach outside the storage root.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Releases what the storage holds open (the S3 client's connections) when the app closes. */
  close?(): void;
}

const KEY = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*\.[a-z0-9]+$/;

/** Every storage takes the same keys, so a key that works on disk works on S3 and back. */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root` (DATA_DIR/uploads). */
export function diskStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, checkedKey(key));
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
