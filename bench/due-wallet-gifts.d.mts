// Types of due-wallet-gifts.mjs for the TypeScript tests that import it.
import type pg from 'pg';
import type * as BuyerBrowser from '../apps/sandbox/src/wallet/buyer-browser';

export declare const BILLING_JOB: 'charge-wallet-recurring-donations';

export declare function monthlyWalletGift(
  services: { api: string; sandbox: string; proxySecret: string },
  loaded: { buyer: typeof BuyerBrowser; botSiteKey: string },
): Promise<number>;

/** `count` active copies of recurring donation `id`, due today in Japan; answers their ids. */
export declare function seedDue(db: pg.Client, id: number, count: number): Promise<number[]>;

/** Queues the billing job as its hourly timer does and wakes the workers. */
export declare function queueRun(db: pg.Client): Promise<void>;
