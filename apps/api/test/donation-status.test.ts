// The donation calls around a submission (spec §7): the status poll and the saved form state,
// readable by the donation's own account or with the status token handed to a guest (404 for
// everyone else, as for an id that does not exist); the duplicate check (same associate, same email,
// last 10 minutes); and the submission log.
import { randomUUID } from 'node:crypto';
import { api, DUPLICATE_DONATION_WINDOW_MS } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/accounts/access-tokens';
import { donationFormStates, donations, donationSubmissionLogs, users } from '../src/db/schema/index';
import { DONATION_CHECK_RATE_LIMIT } from '../src/donations/donation-route-options';
import { SUPPORTERS_PER_ADDRESS } from '../src/plugins/rate-limit';
import { donorPayload, guestCardRequest, send, status, submit, type Reply } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });

const db = () => h.t.database.db;
type BankReply = Reply<api.BankTransferDonationResponse>;

async function bankDonation(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = (await submit(
    h.t,
    '/donation/deposit/',
    { donor: donorPayload(), amount: 3_000, associate_id: 1, ...body },
    { headers },
  )) as BankReply;
  expect(response.status).toBe(200);
  return { id: response.body.donation.id, token: response.body.status_token! };
}

async function signedIn() {
  const email = uniqueEmail('member');
  const [user] = await db().insert(users).values({ username: email, email, passwordHash: 'unused' }).returning();
  const { token } = await issueAccessToken(db(), user!.id);
  return { userId: user!.id, headers: { authorization: `Bearer ${token}` } };
}

const formState = (id: number, token?: string, headers: Record<string, string> = {}) =>
  send<{ form_state: string }>(h.t, {
    method: 'GET',
    url: `/donation/${id}/form-state/${token ? `?donation_token=${encodeURIComponent(token)}` : ''}`,
    headers,
  });
const saveFormState = (id: number, state: string, token?: string, headers: Record<string, string> = {}) =>
  send(h.t, {
    method: 'PUT',
    url: `/donation/${id}/form-state/${token ? `?donation_token=${encodeURIComponent(token)}` : ''}`,
    payload: { form_state: state },
    headers,
  });

describe('who may read a donation', () => {
  it('a guest only with the status token issued for that donation; 404 otherwise, as for no donation', async () => {
    const mine = await bankDonation();
    const other = await bankDonation();
    expect((await status(h.t, mine.id, mine.token)).status).toBe(200);
    const notFound = { status: 404, body: { code: 'not_found' } };
    expect(await status(h.t, mine.id, undefined)).toMatchObject(notFound);
    expect(await status(h.t, mine.id, other.token)).toMatchObject(notFound);
    expect(await status(h.t, mine.id, `${mine.token}x`)).toMatchObject(notFound);
    expect(await status(h.t, 999_999_999, mine.token)).toMatchObject(notFound);
    expect((await send(h.t, { method: 'GET', url: '/donation/abc/status/' })).status).toBe(400);
  });

  it('a signed-in donor by their account; nobody else’s account opens it', async () => {
    const member = await signedIn();
    const stranger = await signedIn();
    const donation = await bankDonation({}, member.headers);
    expect((await send(h.t, { method: 'GET', url: `/donation/${donation.id}/status/`, headers: member.headers })).status).toBe(200);
    expect((await send(h.t, { method: 'GET', url: `/donation/${donation.id}/status/`, headers: stranger.headers })).status).toBe(404);
    expect((await status(h.t, donation.id, donation.token)).status).toBe(200);
  });

  it('not once the token has lapsed with the session (24 h)', async () => {
    const donation = await bankDonation();
    await db()
      .update(donationFormStates)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(donationFormStates.donationId, donation.id));
    expect((await status(h.t, donation.id, donation.token)).status).toBe(404);
  });
});

describe('the saved form state', () => {
  it('round-trips: saved with the donation, replaced before 3-D Secure, restored after', async () => {
    const request = await guestCardRequest(h.t, h.sandbox, { form_state: '{"step":"confirmation"}' });
    const response = (await submit(h.t, '/donation/', request)) as Reply<api.CardDonationResponse>;
    const { donation, status_token } = response.body;
    expect(await formState(donation.id, status_token)).toMatchObject({ status: 200, body: { form_state: '{"step":"confirmation"}' } });

    expect((await saveFormState(donation.id, '{"step":"3ds"}', status_token)).status).toBe(204);
    expect((await formState(donation.id, status_token)).body).toEqual({ form_state: '{"step":"3ds"}' });

    expect((await saveFormState(donation.id, 'stolen', undefined)).status).toBe(404);
    expect((await formState(donation.id, undefined)).status).toBe(404);
    expect((await formState(donation.id, status_token)).body).toEqual({ form_state: '{"step":"3ds"}' });
  });

  it('is 404 until something is saved, and refuses an oversized state', async () => {
    const donation = await bankDonation();
    expect((await formState(donation.id, donation.token)).status).toBe(404);
    expect((await saveFormState(donation.id, 'x'.repeat(100_001), donation.token)).status).toBe(400);
    expect((await saveFormState(donation.id, 'saved', donation.token)).status).toBe(204);
    expect((await formState(donation.id, donation.token)).body).toEqual({ form_state: 'saved' });
  });

  it('is readable by the signed-in donor without the token', async () => {
    const member = await signedIn();
    const donation = await bankDonation({ form_state: 'member state' }, member.headers);
    expect((await formState(donation.id, undefined, member.headers)).body).toEqual({ form_state: 'member state' });
  });
});

describe('POST /donation/check-duplication/', () => {
  const check = (body: unknown) =>
    send<{ possible_duplication: boolean }>(h.t, { method: 'POST', url: '/donation/check-duplication/', payload: body as object });

  it('is true for a gift to the same associate by the same email in the last 10 minutes', async () => {
    const email = uniqueEmail('twice');
    expect(await check({ associate_id: 1, email })).toEqual(
      expect.objectContaining({ status: 200, body: { possible_duplication: false } }),
    );
    const donation = await bankDonation({ donor: donorPayload({ email }) });
    expect((await check({ associate_id: 1, email })).body).toEqual({ possible_duplication: true });
    expect((await check({ associate_id: 1, email: email.toUpperCase() })).body).toEqual({ possible_duplication: true });
    expect((await check({ associate_id: 2, email })).body).toEqual({ possible_duplication: false });

    await db()
      .update(donations)
      .set({ createdAt: new Date(Date.now() - DUPLICATE_DONATION_WINDOW_MS - 1_000) })
      .where(eq(donations.id, donation.id));
    expect((await check({ associate_id: 1, email })).body).toEqual({ possible_duplication: false });
  });

  it('ignores gifts that failed', async () => {
    const request = await guestCardRequest(h.t, h.sandbox, { card: '4111111111150002' });
    expect((await submit(h.t, '/donation/', request)).status).toBe(422);
    expect((await check({ associate_id: 1, email: request.donor.email })).body).toEqual({ possible_duplication: false });
  });

  it('validates its body and is rate limited per client', async () => {
    expect((await check({ associate_id: 1 })).status).toBe(400);
    const remoteAddress = '10.250.250.250';
    const statuses: number[] = [];
    const guestLimit = DONATION_CHECK_RATE_LIMIT * SUPPORTERS_PER_ADDRESS;
    for (let i = 0; i <= guestLimit; i++) {
      statuses.push(
        (
          await h.t.app.inject({
            method: 'POST',
            url: '/donation/check-duplication/',
            payload: { associate_id: 1, email: 'a@example.com' },
            remoteAddress,
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, guestLimit).every((code) => code === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('POST /donation/submission-log/', () => {
  it('stores each attempt and its outcome', async () => {
    const message = `card declined ${randomUUID()}`;
    const entry: api.DonationSubmissionLogRequest = {
      payment_method: 1,
      frequency: 2,
      associate_id: 1,
      campaign_id: null,
      user_id: null,
      user_email: 'someone@example.com',
      amount: 3_000,
      success: false,
      feedback_message: message,
    };
    expect((await send(h.t, { method: 'POST', url: '/donation/submission-log/', payload: entry })).status).toBe(204);
    const [row] = await db().select().from(donationSubmissionLogs).where(eq(donationSubmissionLogs.feedbackMessage, message));
    expect(row).toMatchObject({
      paymentMethod: 1,
      frequency: 2,
      associateId: 1,
      campaignId: null,
      userEmail: 'someone@example.com',
      amount: 3_000,
      success: false,
    });

    expect(
      (await send(h.t, { method: 'POST', url: '/donation/submission-log/', payload: { payment_method: 7, frequency: 1, success: true } }))
        .status,
    ).toBe(204);
    expect((await send(h.t, { method: 'POST', url: '/donation/submission-log/', payload: { ...entry, payment_method: 2 } })).status).toBe(
      400,
    );
    expect(api.donationSubmissionLogRequest.safeParse({ ...entry, frequency: 4 }).success).toBe(false);
  });
});

describe('POST /donation/submission-log/ by a signed-in supporter', () => {
  const logged = async (message: string) =>
    (await db().select().from(donationSubmissionLogs).where(eq(donationSubmissionLogs.feedbackMessage, message)))[0];
  const entry = (message: string, userId: number | null) => ({
    payment_method: 1,
    frequency: 1,
    user_id: userId,
    amount: 3_000,
    success: true,
    feedback_message: message,
  });

  it("stores the caller's account from the token, whatever user_id the body names", async () => {
    const caller = await signedIn();
    const other = await signedIn();
    const own = `own ${randomUUID()}`;
    expect(
      (await send(h.t, { method: 'POST', url: '/donation/submission-log/', headers: caller.headers, payload: entry(own, null) })).status,
    ).toBe(204);
    expect(await logged(own)).toMatchObject({ userId: caller.userId });

    const forged = `forged ${randomUUID()}`;
    expect(
      (await send(h.t, { method: 'POST', url: '/donation/submission-log/', headers: caller.headers, payload: entry(forged, other.userId) }))
        .status,
    ).toBe(204);
    expect(await logged(forged)).toMatchObject({ userId: caller.userId });
  });

  it('stores no user for a guest, even when the body names one', async () => {
    const other = await signedIn();
    const guest = `guest ${randomUUID()}`;
    expect((await send(h.t, { method: 'POST', url: '/donation/submission-log/', payload: entry(guest, other.userId) })).status).toBe(204);
    expect(await logged(guest)).toMatchObject({ userId: null });
  });
});

describe('OpenAPI', () => {
  it('documents the donation calls at the exact paths of spec §7, with the Idempotency-Key header', async () => {
    const { body } = await h.t.get<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>>;
    }>('/docs/json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/donation/',
        '/donation/recurring/',
        '/donation/recurring/annual/',
        '/donation/deposit/',
        '/donation/check-duplication/',
        '/donation/{id}/status/',
        '/donation/{id}/form-state/',
        '/donation/submission-log/',
      ]),
    );
    expect(body.paths['/donation/']!.post!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true })]),
    );
  });
});
