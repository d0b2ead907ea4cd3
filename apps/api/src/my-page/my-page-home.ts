// The home of my page (/mypage, ADR 057): what needs the supporter's attention — a recurring
// support whose card charge failed, a bank transfer still awaited with its deadline — and this
// year's total that qualifies for tax relief. Read from the same functions as the recurring support
// list, the support history and the tax summary, so the home says what those pages say.
import { api, japanDateOf, type Locale } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations } from '../db/schema/index';
import { taxSummary } from '../receipts/tax-summary';
import { listRecurringSupport } from '../recurring/list-recurring-support';
import { historyGifts } from './support-history';

const FAILING_STATES: ReadonlySet<string> = new Set(['retrying', 'suspended'] satisfies api.RecurringSupportItem['state'][]);

/** The supporter's gifts awaiting a transfer, a portfolio gift once, the soonest deadline first. */
async function awaitingTransfers(db: Database, userId: number, lang: Locale, mediaUrl: (path: string) => string) {
  const rows = await db
    .select({ id: donations.id, portfolioDonationId: donations.portfolioDonationId })
    .from(donations)
    .where(and(eq(donations.userId, userId), eq(donations.status, 'awaiting_transfer')));
  const heads = new Map<string, { kind: 'donation' | 'portfolio'; id: number }>(
    rows.map((row) =>
      row.portfolioDonationId === null
        ? [`d${row.id}`, { kind: 'donation', id: row.id }]
        : [`p${row.portfolioDonationId}`, { kind: 'portfolio', id: row.portfolioDonationId }],
    ),
  );
  const gifts = await historyGifts(db, [...heads.values()], lang, mediaUrl);
  const deadline = (gift: api.HistoryGift) => gift.virtual_account?.expiration_date ?? '';
  return gifts.sort((a, b) => deadline(a).localeCompare(deadline(b)));
}

export async function myPageHome(
  db: Database,
  userId: number,
  lang: Locale,
  mediaUrl: (path: string) => string,
  now = new Date(),
): Promise<api.MyPageHome> {
  const year = japanDateOf(now).year;
  const [recurring, transfers, summary] = await Promise.all([
    listRecurringSupport(db, { userId }, lang, now),
    awaitingTransfers(db, userId, lang, mediaUrl),
    taxSummary(db, userId, year, lang, mediaUrl),
  ]);
  return {
    failing_recurring: recurring.results.filter((item) => FAILING_STATES.has(item.state)),
    awaiting_transfers: transfers,
    this_year: { year, deductible: summary.by_eligibility.eligible_total },
  };
}
