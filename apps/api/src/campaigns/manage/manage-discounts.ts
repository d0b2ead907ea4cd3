// A campaign's promotion codes on its dashboard (ADR 036): a code waives that many yen of
// the fee on a gift to the campaign. Codes compare without regard to case on the donation form, so
// a code the campaign has in any case is taken; checked under the campaign's lock, since the
// table's unique key is case-sensitive. A date before today would make a code that never applies.
import { campaignEndDay, campaignEndInstant, japanToday, type api } from '@kifu/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { campaignDiscounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { lockCampaign } from './manage-items';

type DiscountRow = typeof campaignDiscounts.$inferSelect;

export const toEditableDiscount = (row: DiscountRow): z.infer<typeof api.editableDiscount> => ({
  id: row.id,
  code: row.code,
  discount_amount: row.discountAmount,
  is_active: row.isActive,
  valid_until: row.validUntil ? campaignEndDay(row.validUntil) : null,
});

export function addDiscount(db: Database, campaignId: number, body: Omit<z.infer<typeof api.discountBody>, 'lang'>): Promise<DiscountRow> {
  if (body.valid_until !== null && body.valid_until < japanToday(new Date()))
    throw new AppError('validation_failed', 'a promotion code cannot end before today', { valid_until: ['pastDate'] });
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    const [taken] = await tx
      .select({ id: campaignDiscounts.id })
      .from(campaignDiscounts)
      .where(and(eq(campaignDiscounts.campaignId, campaignId), sql`lower(${campaignDiscounts.code}) = lower(${body.code})`))
      .limit(1);
    if (taken) throw new AppError('validation_failed', 'the campaign has this code already', { code: ['unique'] });
    const [row] = await tx
      .insert(campaignDiscounts)
      .values({
        campaignId,
        code: body.code,
        discountAmount: body.discount_amount,
        validUntil: body.valid_until ? campaignEndInstant(body.valid_until) : null,
      })
      .returning();
    return row!;
  });
}

export async function removeDiscount(db: Database, campaignId: number, discountId: number): Promise<void> {
  const removed = await db
    .delete(campaignDiscounts)
    .where(and(eq(campaignDiscounts.id, discountId), eq(campaignDiscounts.campaignId, campaignId)))
    .returning({ id: campaignDiscounts.id });
  if (removed.length === 0) throw new AppError('not_found', `promotion code ${discountId} not found`);
}
