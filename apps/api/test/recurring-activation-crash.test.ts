// A crash while monthly card gifts are activated never charges a supporter twice (ADR 022). The
// activation work runs in a real child process; a proxy in front of the sandbox lets each schedule
// creation reach the provider but holds back its answer, and once the provider holds a schedule
// for every gift the child is killed with SIGKILL: each recurring donation is left 'pending' with
// no schedule id, exactly as a kill -9 between the provider's answer and our commit leaves it.
// Then the activation jobs run again (the restart), the sandbox clock moves to next month and the
// schedules run: each gift has one schedule and one charge for the month, and the sandbox's
// ledger equals Kifu's records.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { donations, recurringDonations } from '../src/db/schema/index';
import { reconcileCardSchedules } from '../src/recurring/reconcile-card-schedules';
import { startChild } from './helpers/child-process';
import { shareDatabase } from './helpers/share-database';
import { sandboxSchedules } from './helpers/donation-requests';
import { paidMonthlyGift, type PaidMonthlyGift } from './helpers/paid-monthly-gift';
import { runSchedulesOn, sandboxNow } from './helpers/sandbox-clock';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const GIFTS = 20;

const dataDir = mkdtempSync(join(tmpdir(), 'kifu-activation-crash-'));
// Registered first so it runs last, after the app and the sandbox are closed.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const h = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });

/**
 * Forwards everything to the sandbox, but answers no POST /schedules: the provider makes the
 * schedule, its caller never learns of it. `held` counts them.
 */
function scheduleSwallowingProxy(target: string) {
  const state = { held: 0, onHeld: (_count: number) => {} };
  const server: Server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const upstream = httpRequest(new URL(incoming.url!, target), { method: incoming.method, headers: incoming.headers }, (answer) => {
      if (incoming.method === 'POST' && incoming.url === '/schedules') {
        answer.resume().on('end', () => state.onHeld(++state.held));
        return;
      }
      outgoing.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(upstream);
  });
  return {
    state,
    start: () =>
      new Promise<string>((listening) =>
        server.listen(0, '127.0.0.1', () => listening(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => {
      server.closeAllConnections();
      return new Promise((closed) => server.close(closed));
    },
  };
}

const liveSchedules = async (customerId: string) =>
  (await sandboxSchedules(h.sandbox, customerId)).filter((schedule) => schedule.status !== 'deleted');

describe('activating monthly card gifts when the process is killed after the provider made the schedules', () => {
  it(
    'makes one schedule per gift on the restart, and next month charges each gift once, as Kifu records it',
    { timeout: 600_000 },
    async () => {
      const gifts: PaidMonthlyGift[] = [];
      for (let n = 0; n < GIFTS; n++) gifts.push(await paidMonthlyGift(h.t, h.sandbox, 1_000 + n));
      const ids = gifts.map((gift) => gift.recurringDonationId);

      const shared = await shareDatabase(h.t, dataDir);
      const proxy = scheduleSwallowingProxy(h.sandbox.url);
      const child = startChild('test/helpers/activate-recurring-in-child.ts', {
        ...shared.env,
        SANDBOX_URL: await proxy.start(),
        // Held answers must not time out before every gift has reached the provider.
        PROVIDER_TIMEOUT_MS: '600000',
        LOG_LEVEL: 'silent',
        RECURRING_DONATION_IDS: ids.join(','),
      });
      proxy.state.onHeld = (count) => {
        if (count === GIFTS) child.process.kill('SIGKILL');
      };
      const exit = await child.exited;
      await proxy.close();
      expect(exit, child.stderr()).toEqual({ code: null, signal: 'SIGKILL' });

      const restarted = await shared.reopen();
      const db = restarted.database.db;
      try {
        // What the crash left: the provider holds each gift's schedule, Kifu knows none of them.
        for (const gift of gifts) expect(await liveSchedules(gift.customerId)).toHaveLength(1);
        const pending = await db
          .select({ status: recurringDonations.status, recurringId: recurringDonations.recurringId })
          .from(recurringDonations)
          .where(inArray(recurringDonations.id, ids));
        expect(pending).toEqual(ids.map(() => ({ status: 'pending', recurringId: null })));

        // The restart runs the activation jobs again.
        await restarted.app.jobs.worker.drain();
        const active = await db.select().from(recurringDonations).where(inArray(recurringDonations.id, ids));
        expect(active.map((row) => row.status)).toEqual(ids.map(() => 'active'));
        // The one the provider already held, taken over: never a second (not even one deleted again).
        for (const gift of gifts) {
          const schedules = await sandboxSchedules(h.sandbox, gift.customerId);
          expect(schedules.map(({ id, status }) => ({ id, status }))).toEqual([
            { id: active.find((row) => row.id === gift.recurringDonationId)!.recurringId, status: 'active' },
          ]);
        }

        // A month later the provider charges; the schedule reconciliation records what it charged.
        const [nextDate] = [...new Set(active.map((row) => row.nextOccurrenceDate))];
        await runSchedulesOn(h.sandbox, nextDate!);
        const gateway = restarted.app.cardPayments.gateway;
        await reconcileCardSchedules({ db, gateway, log: restarted.app.log }, await sandboxNow(h.sandbox));

        const ledger = await gateway.listCharges({ from: new Date(0), to: new Date((await sandboxNow(h.sandbox)).getTime() + 60_000) });
        for (const gift of gifts) {
          const charged = ledger.filter((charge) => charge.customerId === gift.customerId);
          expect(charged.filter((charge) => charge.scheduleId !== null)).toHaveLength(1);
          const recorded = await db
            .select({ paymentId: donations.paymentId, status: donations.status })
            .from(donations)
            .where(eq(donations.recurringDonationId, gift.recurringDonationId));
          expect(recorded.map((row) => row.paymentId).sort()).toEqual(charged.map((charge) => charge.id).sort());
          expect(recorded.map((row) => row.status)).toEqual(['paid', 'paid']);
        }
      } finally {
        await restarted.app.close();
        await restarted.database.close();
      }
    },
  );
});
