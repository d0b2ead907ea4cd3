// The console's demo data in a seeded database (ADR 062): the viewer account, and receipt numbers
// that carry on from the seeded ones, so the next receipt an associate issues takes no number twice.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associateMembers, donations, receiptCounters, receipts } from '../src/db/schema/index';
import { issueGiftReceipt } from '../src/receipts/issue-receipt';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { demoSignIn } from './helpers/demo-sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('the console demo data', () => {
  it('has a viewer of associate 1 who signs in with the demo password', async () => {
    const { token, userId } = await demoSignIn(t, 'takumi');
    const me = await t.app.inject({ url: '/user/me/', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().associateMembers).toMatchObject([{ associate: { id: 1, uid: 'kodomo-shokudo-mirai' } }]);
    const rows = await db().select({ role: associateMembers.role }).from(associateMembers).where(eq(associateMembers.userId, userId));
    expect(rows).toEqual([{ role: 'viewer' }]);
  });

  it.each([1, 6])('issues associate %i its next receipt after the seeded ones, under the next number', async (associateId) => {
    const [gift] = await db()
      .select({ id: donations.id })
      .from(donations)
      .leftJoin(receipts, eq(receipts.donationId, donations.id))
      .where(
        and(
          eq(donations.associateId, associateId),
          eq(donations.status, 'paid'),
          eq(donations.needReceipt, true),
          eq(donations.isAnonymous, false),
          isNull(donations.userId),
          isNull(receipts.id),
          // Received in a year the seed numbered receipts in (early January may have none yet).
          sql`exists (select 1 from ${receiptCounters} where ${receiptCounters.associateId} = ${donations.associateId}
            and ${receiptCounters.year} = extract(year from ${donations.paidAt} at time zone 'Asia/Tokyo'))`,
        ),
      )
      .orderBy(desc(donations.paidAt))
      .limit(1);
    expect(gift, `a receivable gift to associate ${associateId} without a receipt`).toBeDefined();
    const issued = await issueGiftReceipt(db(), gift!.id, { handOut: true });
    const seeded = await db()
      .select({ sequence: sql<number>`max(${receipts.sequence})`.mapWith(Number) })
      .from(receipts)
      .where(
        and(eq(receipts.associateId, associateId), eq(receipts.year, issued.receipt.year), sql`${receipts.id} <> ${issued.receipt.id}`),
      );
    expect(seeded[0]!.sequence).toBeGreaterThan(0);
    expect(issued.receipt.sequence).toBe(seeded[0]!.sequence + 1);
    const [counter] = await db()
      .select()
      .from(receiptCounters)
      .where(and(eq(receiptCounters.associateId, associateId), eq(receiptCounters.year, issued.receipt.year)));
    expect(counter!.lastSequence).toBe(issued.receipt.sequence);
  });
});
