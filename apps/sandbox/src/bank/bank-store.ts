// The bank's in-memory ledger: accounts (by id, reference, number and idempotency key) and the
// events it has emitted. One per sandbox app; POST /__control/reset empties it.
import { randomBytes, randomInt } from 'node:crypto';
import type { VirtualAccount, Deposit, VirtualAccountJson } from './virtual-account';

export interface DepositedEvent {
  id: string;
  type: 'virtual_account.deposited';
  created_at: string;
  data: { virtual_account: VirtualAccountJson; deposit: Deposit };
}

export function newId(prefix: 'va' | 'dep' | 'evt' | 'rfd'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export class BankStore {
  private readonly accounts = new Map<string, VirtualAccount>();
  private readonly byReference = new Map<string, VirtualAccount>();
  private readonly byIdempotencyKey = new Map<string, VirtualAccount>();
  private readonly accountNumbers = new Set<string>();
  readonly events: DepositedEvent[] = [];

  get(id: string): VirtualAccount | undefined {
    return this.accounts.get(id);
  }

  findByReference(reference: string): VirtualAccount | undefined {
    return this.byReference.get(reference);
  }

  findByIdempotencyKey(key: string): VirtualAccount | undefined {
    return this.byIdempotencyKey.get(key);
  }

  /** Newest first. */
  list(): VirtualAccount[] {
    return [...this.accounts.values()].reverse();
  }

  /** A fresh 7-digit number; real virtual-account numbers look random, never sequential. */
  allocateAccountNumber(): string {
    for (;;) {
      const number = String(randomInt(1_000_000, 10_000_000));
      if (!this.accountNumbers.has(number)) {
        this.accountNumbers.add(number);
        return number;
      }
    }
  }

  add(account: VirtualAccount, idempotencyKey: string | undefined): void {
    this.accounts.set(account.id, account);
    this.byReference.set(account.reference, account);
    if (idempotencyKey) this.byIdempotencyKey.set(idempotencyKey, account);
  }

  clear(): void {
    this.accounts.clear();
    this.byReference.clear();
    this.byIdempotencyKey.clear();
    this.accountNumbers.clear();
    this.events.length = 0;
  }
}
