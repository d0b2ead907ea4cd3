// Contract of 3-D Secure: a charge with return_uri waits at authorize_uri, a bank page with
// "Authenticate" and "Fail", and is decided by the card holder's answer. The browser is played by
// fetch; the charge is created and read back with the official omise SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, PUBLIC_URL, startCardSandbox, type CardSandbox } from './card-harness';

let sandbox: CardSandbox;
beforeAll(async () => {
  sandbox = await startCardSandbox();
});
afterAll(() => sandbox.close());

const RETURN_URI = 'http://localhost:3000/donate/return?donation=d1';

async function threeDSecureCharge(number: string, amount = 3_000) {
  const token = await sandbox.tokenize(number);
  return sandbox.omise.charges.create({ amount, currency: 'jpy', card: token.id, return_uri: RETURN_URI });
}

/** What the browser does on the bank page: press one of its buttons. */
async function press(authorizeUri: string, result: 'authenticate' | 'fail') {
  return fetch(sandbox.local(authorizeUri), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `result=${result}`,
    redirect: 'manual',
  });
}

describe('3-D Secure', () => {
  it('waits for the card holder, then settles when they authenticate', async () => {
    const pending = await threeDSecureCharge('4242424242424242');
    expect(pending).toMatchObject({
      status: 'pending',
      authorized: false,
      paid: false,
      return_uri: RETURN_URI,
      authorize_uri: `${PUBLIC_URL}/card/3ds/${pending.id}`,
      failure_code: null,
    });

    const bankPage = await fetch(sandbox.local(pending.authorize_uri));
    expect(bankPage.status).toBe(200);
    expect(bankPage.headers.get('content-type')).toContain('text/html');
    const html = await bankPage.text();
    expect(html).toContain('Authenticate');
    expect(html).toContain('Fail');
    expect(html).toContain('¥3,000');
    expect(html).toContain('4242');
    expect(html).toContain(`action="/card/3ds/${pending.id}"`);

    const back = await press(pending.authorize_uri, 'authenticate');
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(RETURN_URI);

    // The return proves nothing; the merchant retrieves the charge.
    expect(await sandbox.omise.charges.retrieve(pending.id)).toMatchObject({
      status: 'successful',
      authorized: true,
      paid: true,
      authenticated_by: '3DS',
    });
  });

  it('fails the charge with payment_rejected when the card holder presses Fail', async () => {
    const pending = await threeDSecureCharge('5555555555554444');
    const back = await press(pending.authorize_uri, 'fail');
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(RETURN_URI);
    expect(await sandbox.omise.charges.retrieve(pending.id)).toMatchObject({
      status: 'failed',
      paid: false,
      failure_code: 'payment_rejected',
    });
  });

  it.each(['4111111111150002', '5555551111120002', '3530111111100002'])(
    'enrolment-failing card %s is rejected at once, with no authorize step',
    async (number) => {
      const charge = await threeDSecureCharge(number);
      expect(charge).toMatchObject({ status: 'failed', failure_code: 'payment_rejected', authorize_uri: null });
    },
  );

  it.each(['4111111111140003', '5555551111110003', '3530111111190003'])(
    'validation-failing card %s goes to the page and is rejected even when authenticated',
    async (number) => {
      const pending = await threeDSecureCharge(number);
      expect(pending.status).toBe('pending');
      expect(await (await fetch(sandbox.local(pending.authorize_uri))).text()).toContain('fails 3-D Secure validation');
      expect((await press(pending.authorize_uri, 'authenticate')).headers.get('location')).toBe(RETURN_URI);
      expect(await sandbox.omise.charges.retrieve(pending.id)).toMatchObject({ status: 'failed', failure_code: 'payment_rejected' });
    },
  );

  it('declines by test card after authentication', async () => {
    const pending = await threeDSecureCharge('4111111111140011');
    await press(pending.authorize_uri, 'authenticate');
    expect(await sandbox.omise.charges.retrieve(pending.id)).toMatchObject({ status: 'failed', failure_code: 'insufficient_fund' });
  });

  it('sends a browser that comes back to a decided charge straight to return_uri, and does not change it', async () => {
    const pending = await threeDSecureCharge('4242424242424242');
    await press(pending.authorize_uri, 'authenticate');
    const again = await fetch(sandbox.local(pending.authorize_uri), { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe(RETURN_URI);
    await press(pending.authorize_uri, 'fail');
    expect((await sandbox.omise.charges.retrieve(pending.id)).status).toBe('successful');
  });

  it('answers 404 for an unknown charge and 400 without an answer', async () => {
    expect((await fetch(`${sandbox.base}/card/3ds/chrg_test_unknown`)).status).toBe(404);
    const pending = await threeDSecureCharge('4242424242424242');
    const empty = await fetch(sandbox.local(pending.authorize_uri), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=maybe',
    });
    expect(empty.status).toBe(400);
    expect((await sandbox.omise.charges.retrieve(pending.id)).status).toBe('pending');
  });

  it('escapes what it echoes on the page', async () => {
    const token = await sandbox.tokenize('4242424242424242', { name: '<script>alert(1)</script>' });
    const pending = await sandbox.omise.charges.create({
      amount: 1_000,
      currency: 'jpy',
      card: token.id,
      return_uri: RETURN_URI,
      description: '<b>gift</b>',
    });
    const html = await (await fetch(sandbox.local(pending.authorize_uri))).text();
    expect(html).toContain('&lt;b&gt;gift&lt;/b&gt;');
    expect(html).not.toContain('<b>gift</b>');
  });

  it('expires a charge nobody authenticates within 24 hours of sandbox clock', async () => {
    const pending = await threeDSecureCharge('4242424242424242');
    await sandbox.advanceClock(DAY_MS + 1_000);
    try {
      expect(await sandbox.omise.charges.retrieve(pending.id)).toMatchObject({ status: 'expired', expired: true, paid: false });
      expect((await press(pending.authorize_uri, 'authenticate')).headers.get('location')).toBe(RETURN_URI);
      expect((await sandbox.omise.charges.retrieve(pending.id)).status).toBe('expired');
      const events = await sandbox.omise.events.list({ limit: 100 });
      expect(events.data.some((event) => event.key === 'charge.expire' && event.data.id === pending.id)).toBe(true);
    } finally {
      await sandbox.reset();
    }
  });

  it('expires a pending charge on request', async () => {
    const pending = await threeDSecureCharge('4242424242424242');
    expect(await sandbox.omise.charges.expire(pending.id)).toMatchObject({ status: 'expired' });
    await expect(sandbox.omise.charges.expire(pending.id)).rejects.toMatchObject({ code: 'failed_expire' });
  });
});
