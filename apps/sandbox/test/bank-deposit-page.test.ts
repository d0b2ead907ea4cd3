// The bank's browser pages (src/bank/deposit-pages.ts): a person trying Kifu finds the account and
// presses a button to transfer; each button books its kind of deposit and notifies Kifu.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBankSandbox, type BankSandbox } from './bank-harness';

let bank: BankSandbox;
beforeAll(async () => {
  bank = await startBankSandbox();
});
afterEach(() => bank.reset());
afterAll(() => bank.close());

const page = async (path: string) => {
  const response = await fetch(`${bank.base}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
};

/** Submits the deposit form as a browser does, with the pressed button's name and value. */
const press = (id: string, kind: string, depositorName = 'ヤマダ　タロウ') =>
  fetch(`${bank.base}/bank/deposit/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ depositor_name: depositorName, kind }).toString(),
    redirect: 'manual',
  });

describe('GET /bank/deposit', () => {
  it('lists the open accounts with links to their deposit pages', async () => {
    const open = (await bank.issue({ amount: 7_000 })).json;
    const closed = (await bank.issue()).json;
    await bank.call('POST', `/virtual-accounts/${closed.id}/close`);
    const { status, type, html } = await page('/bank/deposit');
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expect(html).toContain(`href="/bank/deposit/${open.id}"`);
    expect(html).toContain('¥7,000');
    expect(html).not.toContain(closed.id);
  });

  it('says what to do when there is no account yet', async () => {
    expect((await page('/bank/deposit')).html).toContain('No open accounts yet');
  });
});

describe('GET /bank/deposit/:id', () => {
  it('shows the transfer details and the four deposit buttons', async () => {
    const account = (await bank.issue({ amount: 12_000 })).json;
    const { status, html } = await page(`/bank/deposit/${account.id}`);
    expect(status).toBe(200);
    for (const text of ['サンドボックス銀行', 'さくら支店', account.account_number, 'キフ（カ', '¥12,000', 'JST', 'waiting'])
      expect(html).toContain(text);
    expect(html).toContain(`<form method="post" action="/bank/deposit/${account.id}">`);
    expect(html).toContain('name="kind" value="exact" data-primary>Deposit exact</button>');
    expect(html).toContain('value="short">Deposit short (−1,000)</button>');
    expect(html).toContain('value="over">Deposit over (+1,000)</button>');
    expect(html).toContain('value="late">Deposit after expiry</button>');
  });

  it('answers 404 for an unknown account', async () => {
    expect((await page('/bank/deposit/va_nope')).status).toBe(404);
  });

  it('offers no buttons on a closed account and refuses a posted deposit with 409', async () => {
    const { id } = (await bank.issue()).json;
    await bank.call('POST', `/virtual-accounts/${id}/close`);
    expect((await page(`/bank/deposit/${id}`)).html).not.toContain('<button');
    const refused = await press(id, 'exact');
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('closed');
  });
});

describe('POST /bank/deposit/:id (the buttons)', () => {
  it.each([
    ['exact', 'paid', 8_000],
    ['short', 'short', 7_000],
    ['over', 'over', 9_000],
    ['late', 'late', 8_000],
  ])('"%s" books the deposit, notifies Kifu and shows the account as %s', async (kind, status, amount) => {
    const { id } = (await bank.issue({ amount: 8_000 })).json;
    const response = await press(id, kind, 'タナカ　イチロウ');
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/bank/deposit/${id}\\?deposited=dep_\\w+$`));

    const account = (await bank.call('GET', `/virtual-accounts/${id}`)).json;
    expect(account).toMatchObject({ status, deposited_amount: amount, deposits: [{ amount, depositor_name: 'タナカ　イチロウ' }] });
    const { json: events } = await bank.call('GET', '/events');
    const event = events.data.find((candidate: { data: { virtual_account: { id: string } } }) => candidate.data.virtual_account.id === id);
    await bank.receiver.waitFor(event.id);

    const result = await page(location);
    expect(result.html).toContain(`Deposited ¥${amount.toLocaleString('en-US')}`);
    expect(result.html).toContain(`<strong>${status}</strong>`);
  });

  it('refuses an unknown button value with 400', async () => {
    const { id } = (await bank.issue()).json;
    expect((await press(id, 'double')).status).toBe(400);
  });
});

describe('sandbox index', () => {
  it('explains the bank and links the recent accounts', async () => {
    const { id } = (await bank.issue()).json;
    const { html } = await page('/');
    expect(html).toContain('Bank transfer (virtual accounts)');
    expect(html).toContain('href="/bank/deposit"');
    expect(html).toContain(`href="/bank/deposit/${id}"`);
  });
});
