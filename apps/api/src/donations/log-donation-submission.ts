// POST /donation/submission-log/ (spec §3 "Donation submission log", §4 step 7; the front-end
// route /logDonationSubmission/log forwards here): one row per submission attempt and outcome.
// Stored as sent — it is a log, not a record of money — and kept even if the rows it names go —
// except the user: that is the caller's account from its token (null for a guest), never a
// user_id from the body, so nobody can write log rows in another supporter's name.
import type { api } from '@kifu/domain';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { donationSubmissionLogs } from '../db/schema/index';

export async function logDonationSubmission(
  db: Database,
  entry: z.output<typeof api.donationSubmissionLogRequest>,
  callerId: number | undefined,
): Promise<void> {
  await db.insert(donationSubmissionLogs).values({
    paymentMethod: entry.payment_method,
    frequency: entry.frequency,
    associateId: entry.associate_id ?? null,
    campaignId: entry.campaign_id ?? null,
    userId: callerId ?? null,
    userEmail: entry.user_email ?? null,
    amount: entry.amount ?? null,
    success: entry.success,
    feedbackMessage: entry.feedback_message,
  });
}
