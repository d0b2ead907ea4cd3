// A guest's monthly card gift whose first payment the supporter authenticated and the status poll
// settled paid, as the donation form does it; its activation job is queued, not yet run.
import type { api } from '@kifu/domain';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app';
import { guestCardRequest, status, submit, type Reply } from './donation-requests';
import type { TestSandbox } from './start-sandbox';

export interface PaidMonthlyGift {
  recurringDonationId: number;
  firstDonationId: number;
  customerId: string;
}

export async function paidMonthlyGift(t: TestApp, sandbox: TestSandbox, amount = 1_000): Promise<PaidMonthlyGift> {
  const request = await guestCardRequest(t, sandbox, { amount });
  const started = (await submit(t, '/donation/recurring/', request)) as Reply<api.RecurringDonationResponse>;
  expect(started.status).toBe(200);
  const firstDonationId = started.body.recurring_donation.donations[0]!.id;
  await sandbox.authorize(started.body.authorize_uri, 'authenticate');
  expect((await status(t, firstDonationId, started.body.status_token ?? undefined)).body).toMatchObject({ result: 'PAID' });
  return { recurringDonationId: started.body.recurring_donation.id, firstDonationId, customerId: request.customer_id };
}
