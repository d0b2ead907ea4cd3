// Types of least-recently-used.mjs.
export class LeastRecentlyUsed<T = unknown> {
  constructor(maxBytes: number);
  readonly bytes: number;
  get(key: string): T | undefined;
  set(key: string, value: T, bytes: number): void;
  delete(key: string): void;
  clear(): void;
}
