// Browser pages for a person trying Kifu: pick an account, then press a button to "transfer" into
// it, the way a donor would at their own bank. Plain forms, no script, outside fault injection.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, page } from '../shared/html';
import { BANK, DEFAULT_DEPOSITOR_NAME } from './bank-identity';
import { BankError } from './bank-error';
import type { BankRouteOptions } from './api-routes';
import { DEPOSIT_KINDS, parseDepositRequest, recordDeposit } from './record-deposit';
import { presentVirtualAccount, type VirtualAccountJson } from './virtual-account';

type WithId = { Params: { id: string } };

const BUTTONS: Record<(typeof DEPOSIT_KINDS)[number], string> = {
  exact: 'Deposit exact',
  short: 'Deposit short (−1,000)',
  over: 'Deposit over (+1,000)',
  late: 'Deposit after expiry',
};

export function yen(amount: number): string {
  return `¥${amount.toLocaleString('en-US')}`;
}

/** Transfer deadlines are Japanese dates, so the pages show Japan time. */
export function jst(iso: string): string {
  return `${new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} JST`;
}

function accountDetails(account: VirtualAccountJson): string {
  const rows: [string, string][] = [
    ['Bank', `${account.bank_name} (${account.bank_name_en}) · ${account.bank_code}`],
    ['Branch', `${account.branch_name} (${account.branch_name_en}) · ${account.branch_code}`],
    ['Account type', `普通 (${account.account_type})`],
    ['Account number', account.account_number],
    ['Holder', `${account.account_holder} (${account.account_holder_en})`],
    ['Amount due', yen(account.amount)],
    ['Deposited', yen(account.deposited_amount)],
    ['Transfer by', jst(account.expires_at)],
    ['Status', account.closed_at ? `${account.status} (closed)` : account.status],
    ['Kifu reference', account.reference],
  ];
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

function depositTable(account: VirtualAccountJson): string {
  if (account.deposits.length === 0) return '<p>No deposits yet.</p>';
  const rows = account.deposits
    .map(
      (deposit) =>
        `<tr><td>${escapeHtml(jst(deposit.deposited_at))}</td><td>${yen(deposit.amount)}</td><td>${escapeHtml(deposit.depositor_name)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>When</th><th>Amount</th><th>From</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export async function depositPages(app: FastifyInstance, { context, store }: BankRouteOptions) {
  const base = `${app.prefix}/deposit`;
  const html = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(page(title, body));

  app.get('/deposit', async (_request, reply) => {
    const now = context.clock.now();
    const open = store.list().filter((account) => !account.closedAt);
    const rows = open
      .map((account) => presentVirtualAccount(account, now))
      .map(
        (account) =>
          `<li><a href="${base}/${escapeHtml(account.id)}">${escapeHtml(account.account_number)}</a> · ${yen(account.amount)} · ${escapeHtml(account.status)} · by ${escapeHtml(jst(account.expires_at))}</li>`,
      )
      .join('');
    return html(
      reply,
      200,
      `${BANK.nameEn} — transfers`,
      `<h1>${BANK.name} · ${BANK.nameEn}</h1><p>Open virtual accounts Kifu has issued. Pick one to transfer money into it.</p>${
        rows ? `<ul>${rows}</ul>` : '<p>No open accounts yet. Choose bank transfer when donating in Kifu first.</p>'
      }`,
    );
  });

  app.get<WithId & { Querystring: { deposited?: string } }>('/deposit/:id', async (request, reply) => {
    const found = store.get(request.params.id);
    if (!found) return html(reply, 404, 'Unknown account', `<h1>Unknown account</h1><p><a href="${base}">All open accounts</a></p>`);
    const account = presentVirtualAccount(found, context.clock.now());
    const deposited = account.deposits.find((deposit) => deposit.id === request.query.deposited);
    const notice = deposited
      ? `<p role="status"><strong>Deposited ${yen(deposited.amount)}.</strong> The bank notified Kifu; the account is now <strong>${escapeHtml(account.status)}</strong>.</p>`
      : '';
    const form = account.closed_at
      ? '<p>This account is closed and accepts no transfers.</p>'
      : `<form method="post" action="${base}/${escapeHtml(account.id)}">
<p><label>Depositor name <input name="depositor_name" value="${escapeHtml(DEFAULT_DEPOSITOR_NAME)}" maxlength="48"></label></p>
<p>${DEPOSIT_KINDS.map((kind) => `<button type="submit" name="kind" value="${kind}"${kind === 'exact' ? ' data-primary' : ''}>${BUTTONS[kind]}</button>`).join('')}</p>
</form>`;
    return html(
      reply,
      200,
      `Transfer to ${account.account_number}`,
      `<h1>Transfer to ${escapeHtml(account.account_number)}</h1>${notice}${accountDetails(account)}<h2>Deposits</h2>${depositTable(account)}${form}<p><a href="${base}">All open accounts</a></p>`,
    );
  });

  app.post<WithId & { Body: Record<string, unknown> | undefined }>('/deposit/:id', async (request, reply) => {
    const found = store.get(request.params.id);
    if (!found) return html(reply, 404, 'Unknown account', '<h1>Unknown account</h1>');
    const form = request.body ?? {};
    const name = typeof form.depositor_name === 'string' && form.depositor_name.trim() ? form.depositor_name : undefined;
    try {
      const event = recordDeposit(context, store, found, parseDepositRequest({ kind: form.kind, depositor_name: name }));
      return reply.redirect(`${base}/${found.id}?deposited=${event.data.deposit.id}`, 303);
    } catch (error) {
      if (!(error instanceof BankError)) throw error;
      return html(
        reply,
        error.statusCode,
        'Transfer refused',
        `<h1>Transfer refused</h1><p>${escapeHtml(error.message)}</p><p><a href="${base}/${escapeHtml(found.id)}">Back</a></p>`,
      );
    }
  });
}
