// A payout run killed with SIGKILL after the bank accepted its transfers pays nobody twice (ADR 075).
// The run works in a real child process; a proxy in front of the sandbox lets each transfer reach
// the bank but holds back every answer, and once the bank holds a transfer for every associate the
// child is killed: each payout is left `pending` with no transfer id, exactly as a kill -9 between
// the bank's answer and our commit leaves it. The restarted API runs the payouts again: each
// associate is paid once, by the transfer the bank already held, and the bank's ledger says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PaymentMethodId } from '@kifu/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { associatePayoutAccounts, associates, donations, payouts } from '../src/db/schema/index';
import { closeDueStatements } from '../src/statements/close-statements';
import { payoutReference, runPayouts } from '../src/statements/payout-run';
import { startChild } from './helpers/child-process';
import { eventually } from './helpers/eventually';
import { answerHoldingProxy } from './helpers/holding-proxy';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { shareDatabase } from './helpers/share-database';

/** No more than the run's lanes (payout-run.ts): each lane waits on its held answer. */
const ASSOCIATES = 8;
/** An instant in Japan. */
const jst = (local: string) => new Date(`${local}+09:00`);

const dataDir = mkdtempSync(join(tmpdir(), 'kifu-payout-crash-'));
// Registered first so it runs last, after the app and the sandbox are closed.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const h = sandboxTestApp();

async function transfersAtBank(reference: string): Promise<{ id: string; status: string }[]> {
  const response = await fetch(`${h.sandbox.url}/bank/v1/transfers?reference=${encodeURIComponent(reference)}`, {
    headers: { authorization: `Bearer ${loadConfig({}).BANK_API_KEY}` },
  });
  return ((await response.json()) as { data: { id: string; status: string }[] }).data;
}

describe('a payout run killed after the bank accepted its transfers', () => {
  it('pays each associate once when it runs again, with the transfer the bank already held', { timeout: 300_000 }, async () => {
    const db = h.t.database.db;
    const made = await db
      .insert(associates)
      .values(
        Array.from({ length: ASSOCIATES }, (_, n) => ({
          uid: `payout-crash-${n}`,
          name: `振込の会${n}`,
          logoPath: 'demo/logo.png',
          mainVisualPath: 'demo/main.png',
        })),
      )
      .returning({ id: associates.id });
    const ids = made.map((row) => row.id);
    await db.insert(donations).values(
      ids.map((associateId, n) => ({
        associateId,
        type: 1,
        amount: 10_000 + n,
        commission: 550,
        transferAmount: 9_450 + n,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        status: 'paid' as const,
        paidAt: jst('2026-10-12T12:00:00'),
      })),
    );
    await db.insert(associatePayoutAccounts).values(
      ids.map((associateId, n) => ({
        associateId,
        bankCode: '0005',
        bankName: 'サンドボックス銀行',
        branchCode: '123',
        branchName: '本店',
        accountType: 'ordinary',
        accountNumber: String(2_000_000 + n),
        accountHolder: 'トクヒ）フリコミノカイ',
      })),
    );
    await closeDueStatements(db, jst('2026-11-05T01:00:00'));

    const shared = await shareDatabase(h.t, dataDir);
    const proxy = await answerHoldingProxy(h.sandbox.url, (method, path) => method === 'POST' && path === '/bank/v1/transfers');
    const child = startChild('test/helpers/run-payouts-in-child.ts', {
      ...shared.env,
      SANDBOX_URL: proxy.url,
      // Held answers must not time out before every transfer has reached the bank.
      PROVIDER_TIMEOUT_MS: '300000',
      LOG_LEVEL: 'silent',
      PAYOUT_NOW: jst('2026-11-25T09:00:00').toISOString(),
    });
    // Each answer held is a transfer the bank made: once all are, the child knows of none.
    await eventually(async () => (proxy.held() >= ASSOCIATES ? true : undefined), { timeoutMs: 120_000, everyMs: 50 });
    child.process.kill('SIGKILL');
    const exit = await child.exited;
    await proxy.close();
    expect(exit, child.stderr()).toEqual({ code: null, signal: 'SIGKILL' });

    const restarted = await shared.reopen();
    try {
      const rdb = restarted.database.db;
      // What the crash left: every payout pending with no transfer of ours; the bank holds one each.
      const left = await rdb.select().from(payouts).where(inArray(payouts.associateId, ids));
      expect(left.map((payout) => [payout.status, payout.bankTransferId])).toEqual(ids.map(() => ['pending', null]));
      for (const id of ids) expect(await transfersAtBank(payoutReference(id, '2026-10'))).toHaveLength(1);

      const deps = { db: rdb, bank: restarted.app.bankGateway, mailLinks: restarted.app.mailLinks, log: restarted.app.log };
      const paid = await eventually(
        async () => {
          await runPayouts(deps, { trigger: 'schedule', now: jst('2026-11-25T10:00:00') });
          const rows = await rdb.select().from(payouts).where(inArray(payouts.associateId, ids));
          return rows.every((row) => row.status === 'succeeded') ? rows : undefined;
        },
        { everyMs: 300 },
      );
      for (const id of ids) {
        const atBank = await transfersAtBank(payoutReference(id, '2026-10'));
        expect(atBank).toHaveLength(1);
        const ours = paid.filter((payout) => payout.associateId === id);
        expect(ours.map((payout) => payout.bankTransferId)).toEqual([atBank[0]!.id]);
      }
    } finally {
      await restarted.app.close();
      await restarted.database.close();
    }
  });
});
