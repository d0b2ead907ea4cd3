// Recurring support for guests (ADR 034, spec §6): the mailed single-use link opens an hour's
// guest session (httpOnly cookie) for that email's guest recurring donations, and nothing else;
// asking never tells whether an address gives; a guest moves their donations to a new card.
import { type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { recurringAccessCodes, recurringDonations } from '../src/db/schema/index';
import { queueChargeFailedMail } from '../src/recurring/recurring-mails';
import { ownedSchedules } from '../src/recurring/replace-card-schedule';
import { hashCode } from '../src/accounts/single-use-code';
import { activeCardGift } from './helpers/active-card-gift';
import { clientAddress, guestCustomer } from './helpers/donation-requests';
import { eventually } from './helpers/eventually';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });
beforeEach(() => h.sandbox.reset());
const db = () => h.t.database.db;

async function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, cookie?: string) {
  const response = await h.t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: cookie ? { cookie } : {},
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null, headers: response.headers };
}

/** Asks for the link and reads its code from the sandbox mailbox. */
async function mailedCode(email: string): Promise<string> {
  expect((await call('POST', '/auth/application/edit-recurring-donations/', { email, lang: 'ja' })).status).toBe(202);
  await h.t.app.jobs.worker.drain();
  const mail = await eventually(async () =>
    (await h.sandbox.mailsTo(email)).find((candidate) => candidate.subject === '継続的なご寄付の変更・停止のご案内'),
  );
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  expect(link.pathname).toBe('/auth/application/edit-recurring-donations');
  return link.searchParams.get('code')!;
}

async function session(code: string): Promise<string> {
  const opened = await call('POST', '/auth/application/edit-recurring-donations/session/', { code });
  expect(opened.status).toBe(200);
  const cookie = String(opened.headers['set-cookie']);
  expect(cookie).toMatch(/^recurring_guest=[\w-]+;.*HttpOnly/);
  expect(cookie).toContain('SameSite=Strict');
  return cookie.split(';')[0]!;
}

describe('the mailed link', () => {
  it('arrives only for an email with guest recurring support; the answer is the same either way', async () => {
    const gift = await activeCardGift(h.t, h.sandbox);
    const unknown = uniqueEmail('nobody');
    const asked = await call('POST', '/auth/application/edit-recurring-donations/', { email: unknown, lang: 'ja' });
    expect(asked).toMatchObject({ status: 202, body: { accepted: true } });
    await h.t.app.jobs.worker.drain();
    expect(await h.sandbox.mailsTo(unknown)).toEqual([]);
    expect(await mailedCode(gift.email)).toMatch(/^[\w-]{43}$/);
  });

  it('works once, and not after its hour', async () => {
    const gift = await activeCardGift(h.t, h.sandbox);
    const code = await mailedCode(gift.email);
    await session(code);
    expect((await call('POST', '/auth/application/edit-recurring-donations/session/', { code })).status).toBe(403);
    const late = await mailedCode(gift.email);
    await db()
      .update(recurringAccessCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(recurringAccessCodes.codeHash, hashCode(late)));
    expect((await call('POST', '/auth/application/edit-recurring-donations/session/', { code: late })).status).toBe(403);
    expect((await call('POST', '/auth/application/edit-recurring-donations/session/', { code: 'forged' })).status).toBe(403);
  });
});

describe('a guest session', () => {
  it("lists and changes that email's guest donations, and no one else's", async () => {
    const gift = await activeCardGift(h.t, h.sandbox);
    const other = await activeCardGift(h.t, h.sandbox);
    const cookie = await session(await mailedCode(gift.email));
    const list = (await call('GET', '/auth/application/recurring-donations/?lang=ja', undefined, cookie)).body as api.RecurringSupportList;
    expect(list.results.map((item) => item.id)).toEqual([gift.recurringId]);
    expect((await call('GET', '/auth/application/recurring-donations/')).status).toBe(401);

    const paused = await call(
      'POST',
      `/auth/application/recurring-donations/${gift.recurringId}/pause/`,
      { months: 1, lang: 'ja' },
      cookie,
    );
    expect(paused).toMatchObject({ status: 200, body: { state: 'paused' } });
    expect((await call('POST', `/auth/application/recurring-donations/${other.recurringId}/stop/`, { lang: 'ja' }, cookie)).status).toBe(
      404,
    );
    expect((await call('POST', `/auth/application/recurring-donations/${gift.recurringId}/stop/`, { lang: 'ja' })).status).toBe(401);
    expect((await db().select().from(recurringDonations).where(eq(recurringDonations.id, other.recurringId)))[0]).toMatchObject({
      status: 'active',
    });
  });

  it("moves the guest's donations to the card they registered for that email, and refuses a card made for another", async () => {
    const gift = await activeCardGift(h.t, h.sandbox);
    const cookie = await session(await mailedCode(gift.email));
    const stranger = await guestCustomer(h.t, h.sandbox, uniqueEmail('someone-else'));
    expect((await call('POST', '/auth/application/recurring-donations/card/', stranger, cookie)).status).toBe(403);

    const card = await guestCustomer(h.t, h.sandbox, gift.email, '5555555555554444');
    const moved = await call('POST', '/auth/application/recurring-donations/card/', card, cookie);
    expect(moved).toMatchObject({ status: 200, body: { count: 1 } });
    await h.t.app.jobs.worker.drain();
    const [row] = await db().select().from(recurringDonations).where(eq(recurringDonations.id, gift.recurringId));
    expect(row).toMatchObject({ customerId: card.customer_id, scheduleChangeRequestedAt: null, status: 'active' });
    const gateway = h.t.app.cardPayments.gateway;
    expect(await ownedSchedules(gateway, { id: gift.recurringId, customerId: card.customer_id })).toHaveLength(1);
    expect(await ownedSchedules(gateway, { id: gift.recurringId, customerId: gift.customerId })).toEqual([]);
  });
});

describe('a mail about a failed card', () => {
  it("carries the guest's own link, good for a week, that opens their session without asking again", async () => {
    const gift = await activeCardGift(h.t, h.sandbox);
    const [recurring] = await db().select().from(recurringDonations).where(eq(recurringDonations.id, gift.recurringId));
    await db().transaction((tx) => queueChargeFailedMail(tx, recurring!, gift.firstId, h.t.app.mailLinks));
    await h.t.app.jobs.worker.drain();
    const mail = await eventually(async () =>
      (await h.sandbox.mailsTo(gift.email)).find((candidate) => candidate.subject === '継続的なご寄付のお支払いができませんでした'),
    );
    const link = new URL(/https?:\/\/\S+edit-recurring-donations\?code=\S+/.exec(mail.text)![0]);
    const code = link.searchParams.get('code')!;
    const [stored] = await db()
      .select()
      .from(recurringAccessCodes)
      .where(eq(recurringAccessCodes.codeHash, hashCode(code)));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
    const cookie = await session(code);
    const list = (await call('GET', '/auth/application/recurring-donations/', undefined, cookie)).body as api.RecurringSupportList;
    expect(list.results.map((item) => item.id)).toEqual([gift.recurringId]);
  });
});
