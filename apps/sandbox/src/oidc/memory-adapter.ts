// oidc-provider's storage (sessions, interactions, codes, tokens, grants) in this process's
// memory, like every other sandbox emulator: a restart forgets signed-in sessions, nothing more.
import type { Adapter, AdapterPayload } from 'oidc-provider';

const stores = new Map<string, Map<string, { payload: AdapterPayload; expiresAt: number }>>();

export class MemoryAdapter implements Adapter {
  private readonly store: Map<string, { payload: AdapterPayload; expiresAt: number }>;

  constructor(name: string) {
    this.store = stores.get(name) ?? new Map();
    stores.set(name, this.store);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    this.store.set(id, { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const entry = this.store.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      this.store.delete(id);
      return undefined;
    }
    return entry.payload;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    for (const { payload } of this.store.values()) if (payload.userCode === userCode) return payload;
    return undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    for (const { payload } of this.store.values()) if (payload.uid === uid) return payload;
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const entry = this.store.get(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, { payload }] of this.store) if (payload.grantId === grantId) this.store.delete(id);
  }
}
