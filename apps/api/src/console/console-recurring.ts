// The console's recurring support (ADR 060): the associate's monthly and annual supporters in the
// states the supporter sees on my page (domain recurringState), filtered by state in SQL with the
// same rule, newest first, with a count per state for the tabs. An anonymous supporter is shown
// by amount and dates only, and is never found by name or e-mail (spec §5).
import { type api, japanIsoDate, paymentMethodOfId, recurringState } from '@kifu/domain';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaigns, donors, recurringDonations } from '../db/schema/index';
import { containsPattern } from '../lib/like-pattern';
import { localizer } from '../lib/localize';
import { pageOf, pageWindow } from '../lib/paginate';
import { donorNameOf } from '../receipts/receipt-for-document';

type State = api.ConsoleRecurringSupport['state'];

/** recurringState in SQL: the same order of tests, so a filter and a row's state never disagree. */
function stateSql(today: string): SQL<State> {
  const r = recurringDonations;
  return sql<State>`case
    when ${r.status} <> 'active' then ${r.status}::text
    when ${r.pausedUntil} is not null and ${r.pausedUntil} > ${today}::date then 'paused'
    when ${r.firstPaymentFailedAt} is not null then 'retrying'
    else 'active' end`;
}

export async function listConsoleRecurring(
  db: Database,
  associateId: number,
  query: api.ConsoleRecurringQuery,
  now = new Date(),
): Promise<api.ConsoleRecurring> {
  const today = japanIsoDate(now);
  const state = stateSql(today);
  const base = and(
    eq(recurringDonations.associateId, associateId),
    query.period ? eq(recurringDonations.period, query.period) : undefined,
    query.q
      ? and(
          eq(recurringDonations.isAnonymous, false),
          or(
            ilike(sql`${donors.lastName} || ${donors.firstName}`, containsPattern(query.q.replace(/[\s\u3000]+/g, ''))),
            ilike(sql`${donors.lastNameKana} || ${donors.firstNameKana}`, containsPattern(query.q.replace(/[\s\u3000]+/g, ''))),
            ilike(donors.email, containsPattern(query.q)),
          ),
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, counted] = await Promise.all([
    db
      .select({
        recurring: recurringDonations,
        donor: donors,
        campaign: { title: campaigns.title, titleEn: campaigns.titleEn },
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(recurringDonations)
      .leftJoin(donors, eq(donors.id, recurringDonations.donorId))
      .leftJoin(campaigns, eq(campaigns.id, recurringDonations.campaignId))
      .where(and(base, query.state ? sql`${state} = ${query.state}` : undefined))
      .orderBy(desc(recurringDonations.registeredAt), desc(recurringDonations.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ state, count: sql<number>`count(*)`.mapWith(Number) })
      .from(recurringDonations)
      .leftJoin(donors, eq(donors.id, recurringDonations.donorId))
      .where(base)
      // By position: the state's expression carries a parameter (today), which PostgreSQL would
      // not recognise as the same expression if it were written again here.
      .groupBy(sql`1`),
  ]);
  const localize = localizer(query.lang);
  const counts = Object.fromEntries(
    ['pending', 'active', 'paused', 'retrying', 'suspended', 'stopped'].map((key) => [key, 0]),
  ) as api.ConsoleRecurring['counts'];
  for (const row of counted) counts[row.state] = row.count;
  return {
    ...pageOf(
      query,
      rows[0]?.total ?? (offset > 0 ? Object.values(counts).reduce((sum, n) => sum + n, 0) : 0),
      rows.map(({ recurring, donor, campaign }): api.ConsoleRecurringSupport => {
        const hidden = recurring.isAnonymous || !donor;
        return {
          id: recurring.id,
          supporter: {
            anonymous: recurring.isAnonymous,
            name: hidden ? null : donorNameOf(donor),
            email: hidden ? null : donor.email,
            supporter_id: hidden ? null : recurring.userId !== null ? `u${recurring.userId}` : `g${donor.id}`,
          },
          period: recurring.period === 'annual' ? 'annual' : 'monthly',
          amount: recurring.amount,
          method: paymentMethodOfId(recurring.paymentMethod) ?? 'creditCard',
          state: recurringState(recurring, now),
          campaign: campaign ? localize(campaign, 'title') : null,
          since: recurring.startDate,
          next_charge_on: recurring.status === 'stopped' ? null : recurring.nextOccurrenceDate,
          paused_until: recurring.pausedUntil,
          last_charged_at: recurring.lastChargedAt?.toISOString() ?? null,
          last_failed_at: recurring.lastFailedAt?.toISOString() ?? null,
          stopped_at: recurring.stoppedAt?.toISOString() ?? null,
          stop_reason: recurring.stopReason,
        };
      }),
    ),
    counts,
  };
}
