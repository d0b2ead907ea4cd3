// A card donation settles from a real sandbox charge, end to end: the sandbox signs and delivers
// its webhook to the listening API, the inbox stores it, and the `process-card-event` job retrieves
// the charge and applies the state machine — or, with no webhook at all, the reconciliation job
// does. Replays, stale or forged events and provider outages change nothing they should not.
import { randomBytes } from 'node:crypto';
import { PaymentMethodId } from '@kifu/domain';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { associates, donations, jobs, providerEvents } from '../src/db/schema/index';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { cardTransition } from '../src/payments/card/card-payment-state';
import { CARD_PAYMENT_PROVIDER } from '../src/providers/card/card-gateway';
import { RECONCILE_CARD_CHARGES_JOB } from '../src/payments/card/card-jobs';
import type { CardCharge } from '../src/providers/card/card-gateway';
import { CARD_EVENT_JOB } from '../src/providers/card/webhook-source';
import { hmacHex } from '../src/providers/signed-webhook';
import { eventually } from './helpers/eventually';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const RECONCILE_AFTER_MINUTES = 5;
const RETURN_URI = 'http://localhost:3000/donate/return';

const h = sandboxTestApp({
  env: { RECONCILE_PENDING_AFTER_MINUTES: String(RECONCILE_AFTER_MINUTES) },
  afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0, dropWebhookRate: 0 }),
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveCardWebhooksAt(`${apiUrl}/webhooks/card/`),
});
let associateId: number;

beforeAll(async () => {
  [{ id: associateId }] = (await h.t.database.db.select({ id: associates.id }).from(associates).limit(1)) as [{ id: number }];
});

const db = () => h.t.database.db;
const drain = () => h.t.app.jobs.worker.drain();

/** A 3-D Secure charge waiting at its authorize_uri, and the donation the card route would have written for it. */
async function authorizingDonation(number = '4242424242424242', amount = 3_000) {
  const gateway = h.t.app.cardPayments.gateway;
  const { customerId } = await gateway.createCustomer({ email: uniqueEmail(), token: await h.sandbox.tokenize(number) });
  const charge = await gateway.createCharge({ amount, customerId, returnUri: RETURN_URI });
  expect(charge.status).toBe('pending');
  const [donation] = await db()
    .insert(donations)
    .values({
      associateId,
      amount,
      paymentMethod: PaymentMethodId.CREDIT_CARD,
      type: 1,
      status: 'authorizing',
      paymentProvider: CARD_PAYMENT_PROVIDER,
      paymentId: charge.id,
    })
    .returning();
  return { charge, donationId: donation!.id };
}

const donationRow = async (id: number) => (await db().select().from(donations).where(eq(donations.id, id)))[0]!;

async function cardEvent(chargeId: string, key: string) {
  const [event] = await db()
    .select()
    .from(providerEvents)
    .where(
      and(eq(providerEvents.provider, 'card'), eq(providerEvents.kind, key), sql`${providerEvents.payload}->'data'->>'id' = ${chargeId}`),
    );
  return event;
}

/** The sandbox delivers webhooks without waiting; poll the inbox until the event is stored. */
const waitForEvent = (chargeId: string, key: string) => eventually(() => cardEvent(chargeId, key));

/** Delivers an event as the provider would: signed with the webhook secret over the exact body. */
async function deliver(event: { id: string; key: string; data: unknown }) {
  const body = JSON.stringify({ object: 'event', livemode: false, ...event });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = hmacHex(Buffer.from(SANDBOX_CREDENTIALS.card.webhookSecret, 'base64'), timestamp, body);
  const response = await h.t.app.inject({
    method: 'POST',
    url: '/webhooks/card/',
    payload: body,
    headers: { 'content-type': 'application/json', 'omise-signature': signature, 'omise-signature-timestamp': timestamp },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ received: boolean; duplicate: boolean }>();
}

const newEventId = () => `evnt_test_${randomBytes(8).toString('hex')}`;

describe('the card payment state machine', () => {
  const charge = (changes: Partial<CardCharge>): CardCharge => ({
    id: 'chrg_test_x',
    status: 'pending',
    amount: 1_000,
    authorizeUri: null,
    failureCode: null,
    failureMessage: null,
    paidAt: null,
    customerId: null,
    metadata: {},
    scheduleId: null,
    createdAt: null,
    ...changes,
  });

  it('moves an authorizing donation by the charge status, and not while it is pending', () => {
    const paidAt = new Date('2025-01-02T03:04:05Z');
    expect(cardTransition(charge({ status: 'successful', paidAt }))).toEqual({ status: 'paid', paidAt });
    expect(cardTransition(charge({ status: 'failed', failureCode: 'insufficient_fund' }))).toEqual({
      status: 'failed',
      reason: 'insufficient_fund',
    });
    expect(cardTransition(charge({ status: 'expired' }))).toEqual({ status: 'expired', reason: null });
    expect(cardTransition(charge({ status: 'reversed' }))).toEqual({ status: 'failed', reason: 'reversed' });
    expect(cardTransition(charge({ status: 'pending' }))).toBeNull();
  });
});

describe('settling through the webhook', () => {
  it('(a) pays the donation once the signed charge.complete arrives and the job runs', async () => {
    const { charge, donationId } = await authorizingDonation();
    await h.sandbox.authorize(charge.authorizeUri!, 'authenticate');
    const event = await waitForEvent(charge.id, 'charge.complete');
    expect((await donationRow(donationId)).status).toBe('authorizing');

    await drain();
    const paid = await donationRow(donationId);
    expect(paid).toMatchObject({ status: 'paid', reasonOfPaymentFailed: null });
    // The associate's share is recorded with the payment (5.5 % platform fee, floored).
    expect(paid.commission).toBe(Math.floor(paid.amount * 0.055));
    expect(paid.transferAmount).toBe(paid.amount - paid.commission!);
    expect(paid.paidAt).toEqual((await h.t.app.cardPayments.gateway.retrieveCharge(charge.id)).paidAt);
    expect((await db().select().from(providerEvents).where(eq(providerEvents.id, event.id)))[0]!.processedAt).toBeInstanceOf(Date);
    // charge.create (pending) was processed too, and changed nothing.
    expect((await cardEvent(charge.id, 'charge.create'))?.processedAt).toBeInstanceOf(Date);
  });

  it('(c) a replayed delivery, or the same news under a new event id, changes nothing', async () => {
    const { charge, donationId } = await authorizingDonation();
    await h.sandbox.authorize(charge.authorizeUri!, 'authenticate');
    const event = await waitForEvent(charge.id, 'charge.complete');
    await drain();
    const paid = await donationRow(donationId);
    expect(paid.status).toBe('paid');

    const original = event.payload as { id: string; key: string; data: unknown };
    expect(await deliver(original)).toEqual({ received: true, duplicate: true });
    expect(await deliver({ ...original, id: newEventId() })).toEqual({ received: true, duplicate: false });
    await drain();
    expect(await donationRow(donationId)).toEqual(paid);
  });

  it('(d) an older event arriving after payment changes nothing: the charge is re-read, never the event', async () => {
    const { charge, donationId } = await authorizingDonation();
    await h.sandbox.authorize(charge.authorizeUri!, 'authenticate');
    await waitForEvent(charge.id, 'charge.complete');
    await drain();
    const paid = await donationRow(donationId);

    const created = (await cardEvent(charge.id, 'charge.create'))!.payload as { data: { status: string } };
    expect(created.data.status).toBe('pending');
    await deliver({ id: newEventId(), key: 'charge.create', data: created.data });
    await deliver({
      id: newEventId(),
      key: 'charge.complete',
      data: { ...created.data, status: 'failed', failure_code: 'payment_rejected' },
    });
    await drain();
    expect(await donationRow(donationId)).toEqual(paid);
  });

  it('a signed event claiming success does not pay a charge that is still pending', async () => {
    const { charge, donationId } = await authorizingDonation();
    await deliver({
      id: newEventId(),
      key: 'charge.complete',
      data: { object: 'charge', id: charge.id, status: 'successful', paid: true },
    });
    await drain();
    expect((await donationRow(donationId)).status).toBe('authorizing');
  });

  it('(e) a failed 3-D Secure fails the donation with the failure code as its reason', async () => {
    const { charge, donationId } = await authorizingDonation();
    await h.sandbox.authorize(charge.authorizeUri!, 'fail');
    await waitForEvent(charge.id, 'charge.complete');
    await drain();
    expect(await donationRow(donationId)).toMatchObject({ status: 'failed', reasonOfPaymentFailed: 'payment_rejected', paidAt: null });
  });

  it('retries the event later when the provider cannot be asked, and then settles', async () => {
    const { charge, donationId } = await authorizingDonation();
    await h.sandbox.authorize(charge.authorizeUri!, 'authenticate');
    const event = await waitForEvent(charge.id, 'charge.complete');
    await h.sandbox.setFaults({ errorRate: 1 });
    await drain();

    const eventJob = async () =>
      (
        await db()
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, CARD_EVENT_JOB), sql`${jobs.payload}->>'providerEventId' = ${String(event.id)}`))
      )[0]!;
    expect(await eventJob()).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/unavailable|internal/) });
    expect((await donationRow(donationId)).status).toBe('authorizing');

    await h.sandbox.setFaults({ errorRate: 0 });
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, (await eventJob()).id));
    await drain();
    expect(await eventJob()).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((await donationRow(donationId)).status).toBe('paid');
  });

  it('marks events of other kinds, and charges no donation carries, as processed', async () => {
    const ids = [newEventId(), newEventId()];
    await deliver({ id: ids[0]!, key: 'refund.create', data: { object: 'refund', id: 'rfnd_test_x', charge: 'chrg_test_x' } });
    await deliver({ id: ids[1]!, key: 'charge.complete', data: { object: 'charge', id: 'chrg_test_nobodyknows' } });
    await drain();
    const stored = await db().select().from(providerEvents).where(inArray(providerEvents.eventId, ids));
    expect(stored.map((event) => event.processedAt)).toEqual([expect.any(Date), expect.any(Date)]);
  });
});

describe('settling from the 3-D Secure return (status poll)', () => {
  it('settles on the return alone, with no webhook, and a second poll changes nothing', async () => {
    await h.sandbox.setFaults({ dropWebhookRate: 1 });
    const { charge, donationId } = await authorizingDonation();
    expect(await h.t.app.cardPayments.refresh(charge.id)).toEqual({
      outcome: 'pending',
      chargeId: charge.id,
      donationId,
      status: 'authorizing',
    });
    await h.sandbox.authorize(charge.authorizeUri!, 'authenticate');
    expect(await h.t.app.cardPayments.refresh(charge.id)).toEqual({ outcome: 'settled', chargeId: charge.id, donationId, status: 'paid' });
    expect(await h.t.app.cardPayments.refresh(charge.id)).toEqual({
      outcome: 'unchanged',
      chargeId: charge.id,
      donationId,
      status: 'paid',
    });
  });

  it('runs onSettled work in the settling transaction: if it fails, the donation stays authorizing', async () => {
    // Sees the new status inside the transaction; stays registered (harmlessly) for later tests.
    const seen: { donationId: number; status: string }[] = [];
    let failNext = true;
    h.t.app.cardPayments.onSettled(async (tx, change) => {
      if (failNext) {
        failNext = false;
        throw new Error('reward stock ran out');
      }
      const [row] = await tx.select({ status: donations.status }).from(donations).where(eq(donations.id, change.donationId));
      seen.push({ donationId: change.donationId, status: row!.status });
    });
    await h.sandbox.setFaults({ dropWebhookRate: 1 });
    const { charge, donationId } = await authorizingDonation();
    await h.sandbox.authorize(charge.authorizeUri!, 'authenticate');

    await expect(h.t.app.cardPayments.refresh(charge.id)).rejects.toThrow('reward stock ran out');
    expect((await donationRow(donationId)).status).toBe('authorizing');
    expect((await h.t.app.cardPayments.refresh(charge.id)).outcome).toBe('settled');
    expect(await h.t.app.cardPayments.refresh(charge.id)).toMatchObject({ outcome: 'unchanged' });
    expect(seen).toEqual([{ donationId, status: 'paid' }]);
  });
});

describe('settling by reconciliation', () => {
  const reconcile = async () => {
    await enqueueJob(db(), { kind: RECONCILE_CARD_CHARGES_JOB });
    await drain();
  };
  const backdate = (id: number, minutes: number) =>
    db()
      .update(donations)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes}::int)` })
      .where(eq(donations.id, id));

  it('(b) pays a donation whose webhook never came, once it is older than the threshold', async () => {
    await h.sandbox.setFaults({ dropWebhookRate: 1 });
    const { charge, donationId } = await authorizingDonation();
    await h.sandbox.authorize(charge.authorizeUri!, 'authenticate');

    await reconcile();
    expect((await donationRow(donationId)).status).toBe('authorizing');

    await backdate(donationId, RECONCILE_AFTER_MINUTES + 1);
    await reconcile();
    expect(await donationRow(donationId)).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    expect(await cardEvent(charge.id, 'charge.complete')).toBeUndefined();
  });

  it('settles the others when one charge cannot be retrieved', async () => {
    await h.sandbox.setFaults({ dropWebhookRate: 1 });
    const [lost] = await db()
      .insert(donations)
      .values({
        associateId,
        amount: 1_000,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        type: 1,
        status: 'authorizing',
        paymentProvider: CARD_PAYMENT_PROVIDER,
        paymentId: 'chrg_test_lost',
      })
      .returning();
    const failing = await authorizingDonation('4111111111140011');
    await h.sandbox.authorize(failing.charge.authorizeUri!, 'authenticate');
    await backdate(lost!.id, 60);
    await backdate(failing.donationId, RECONCILE_AFTER_MINUTES + 1);

    await reconcile();
    expect((await donationRow(lost!.id)).status).toBe('authorizing');
    expect(await donationRow(failing.donationId)).toMatchObject({ status: 'failed', reasonOfPaymentFailed: 'insufficient_fund' });
  });

  it('expires a donation whose supporter never finished 3-D Secure', async () => {
    await h.sandbox.setFaults({ dropWebhookRate: 1 });
    const { donationId } = await authorizingDonation();
    await backdate(donationId, RECONCILE_AFTER_MINUTES + 1);
    await reconcile();
    expect((await donationRow(donationId)).status).toBe('authorizing');

    await h.sandbox.advanceClock(25 * 3_600_000);
    await reconcile();
    expect((await donationRow(donationId)).status).toBe('expired');
  });
});
