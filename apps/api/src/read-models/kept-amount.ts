// What a gift counts for after refunds (ADR 064; the domain's keptAmount), as SQL for the sums
// over donations: campaign and associate totals, my page, the console's gifts and supporters.
// A gift refunded in full is `refunded` and drops out of the sums over paid gifts; a partial
// refund stays `paid` and counts for what it kept.
import { sql } from 'drizzle-orm';
import { donations } from '../db/schema/index';

export const keptAmount = sql<number>`(${donations.amount} - ${donations.refundedAmount})`;
