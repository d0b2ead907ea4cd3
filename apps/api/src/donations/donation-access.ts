// Who may read a donation's status and form state (spec §7 /donation/{id}/status/ and
// /donation/{id}/form-state/): the signed-in user the donation belongs to, or whoever holds the
// status token issued with it (a guest; see donation-session.ts). Everyone else gets the same 404
// as for a donation that does not exist, so ids cannot be probed.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { findDonationSession } from './donation-session';

export type DonationRow = typeof donations.$inferSelect;

export async function accessibleDonation(
  db: Database,
  donationId: number,
  caller: { userId: number | undefined; token: string | undefined },
): Promise<DonationRow> {
  const notFound = new AppError('not_found', `donation ${donationId} not found`);
  const [donation] = await db.select().from(donations).where(eq(donations.id, donationId)).limit(1);
  if (!donation) throw notFound;
  if (caller.userId !== undefined && donation.userId === caller.userId) return donation;
  if (caller.token && (await findDonationSession(db, donationId, { token: caller.token }))) return donation;
  throw notFound;
}
