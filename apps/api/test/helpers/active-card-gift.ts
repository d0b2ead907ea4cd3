// A monthly (or annual) card gift as the donation form leaves it once its first payment is
// authenticated and paid and its activation job has made the provider schedule: active.
import { randomBytes } from 'node:crypto';
import type { api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { recurringDonations } from '../../src/db/schema/index';
import type { TestApp } from './build-test-app';
import { CLIENT_URI, donorPayload, guestCustomer, status, submit, type Reply } from './donation-requests';
import type { TestSandbox } from './start-sandbox';

export interface ActiveCardGift {
  recurringId: number;
  firstId: number;
  customerId: string;
  email: string;
}

export async function activeCardGift(
  t: TestApp,
  sandbox: TestSandbox,
  path: '/donation/recurring/' | '/donation/recurring/annual/' = '/donation/recurring/',
  body: Record<string, unknown> = {},
): Promise<ActiveCardGift> {
  const donor = donorPayload({ email: `schedule-${randomBytes(4).toString('hex')}@example.com`, ...(body.donor as object) });
  const customer = await guestCustomer(t, sandbox, donor.email);
  const response = (await submit(t, path, {
    amount: 3_000,
    associate_id: 1,
    client_uri: CLIENT_URI,
    ...body,
    donor,
    ...customer,
  })) as Reply<api.RecurringDonationResponse>;
  expect(response.status).toBe(200);
  const firstId = response.body.recurring_donation.donations[0]!.id;
  await sandbox.authorize(response.body.authorize_uri, 'authenticate');
  expect((await status(t, firstId, response.body.status_token ?? undefined)).body).toMatchObject({ result: 'PAID' });
  await t.app.jobs.worker.drain();
  const [recurring] = await t.database.db
    .select()
    .from(recurringDonations)
    .where(eq(recurringDonations.id, response.body.recurring_donation.id));
  expect(recurring).toMatchObject({ status: 'active', recurringId: expect.stringMatching(/^schd_/) });
  return { recurringId: recurring!.id, firstId, customerId: customer.customer_id, email: donor.email };
}
