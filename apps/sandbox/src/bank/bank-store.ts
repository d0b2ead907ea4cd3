// The bank's in-memory ledger: accounts (by id, reference, number and idempotency key), outgoing
// transfers (by id, reference and idempotency key) with the timers that complete them, and the
// events it has emitted. One per sandbox app; POST /__control/reset empties it.
import { randomBytes, randomInt } from 'node:crypto';
import type { Transfer, TransferJson } from './transfer';
import type { VirtualAccount, Deposit, VirtualAccountJson } from './virtual-account';

export interface DepositedEvent {
  id: string;
  type: 'virtual_account.deposited';
  created_at: string;
  data: { virtual_account: VirtualAccountJson; deposit: Deposit };
}

export interface TransferEvent {
  id: string;
  type: 'transfer.succeeded' | 'transfer.failed';
  created_at: string;
  data: { transfer: TransferJson };
}

export type BankEvent = DepositedEvent | TransferEvent;

export function newId(prefix: 'va' | 'dep' | 'evt' | 'rfd' | 'tr'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export class BankStore {
  private readonly accounts = new Map<string, VirtualAccount>();
  private readonly byReference = new Map<string, VirtualAccount>();
  private readonly byIdempotencyKey = new Map<string, VirtualAccount>();
  private readonly accountNumbers = new Set<string>();
  readonly events: BankEvent[] = [];
  private readonly transfers = new Map<string, Transfer>();
  private readonly transfersByReference = new Map<string, Transfer>();
  private readonly transfersByIdempotencyKey = new Map<string, Transfer>();
  private readonly timers = new Set<NodeJS.Timeout>();

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

  getTransfer(id: string): Transfer | undefined {
    return this.transfers.get(id);
  }

  findTransferByReference(reference: string): Transfer | undefined {
    return this.transfersByReference.get(reference);
  }

  findTransferByIdempotencyKey(key: string): Transfer | undefined {
    return this.transfersByIdempotencyKey.get(key);
  }

  /** Newest first. */
  listTransfers(): Transfer[] {
    return [...this.transfers.values()].reverse();
  }

  addTransfer(transfer: Transfer): void {
    this.transfers.set(transfer.id, transfer);
    this.transfersByReference.set(transfer.reference, transfer);
    this.transfersByIdempotencyKey.set(transfer.idempotencyKey, transfer);
  }

  /**
   * Runs `task` after `ms` unless the ledger is cleared first; unref'd, so a pending completion never
   * keeps a test's process alive, and cleared, so none fires into a reset or closed sandbox.
   */
  later(ms: number, task: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.transfers.clear();
    this.transfersByReference.clear();
    this.transfersByIdempotencyKey.clear();
    this.accounts.clear();
    this.byReference.clear();
    this.byIdempotencyKey.clear();
    this.accountNumbers.clear();
    this.events.length = 0;
  }
}
