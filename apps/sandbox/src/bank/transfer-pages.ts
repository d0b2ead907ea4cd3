// A page for a person trying Kifu: the transfers the bank sent out for Kifu (payouts to associates,
// ADR 074), newest first, with their outcome. Read-only and outside fault injection, like /deposit.
import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from '../shared/html';
import { BANK } from './bank-identity';
import type { BankRouteOptions } from './api-routes';
import { jst, yen } from './deposit-pages';
import { MISMATCH_HOLDER, TEST_ACCOUNT_ENDINGS } from './test-accounts';
import { presentTransfer, refreshTransfer, type TransferJson } from './transfer';

export const TRANSFERS_PAGE = '/bank/transfers';

/** One line per transfer, for this page and the sandbox index. */
export function transferSummary(transfer: TransferJson): string {
  const outcome = transfer.failure_code ? `${transfer.status} (${transfer.failure_code})` : transfer.status;
  return `${escapeHtml(transfer.reference)} · ${yen(transfer.amount)} → ${escapeHtml(transfer.bank_code)}-${escapeHtml(transfer.branch_code)} ${escapeHtml(transfer.account_number)} ${escapeHtml(transfer.account_holder)} · ${escapeHtml(outcome)}`;
}

export const TEST_ACCOUNTS_NOTE = `<p>Account numbers ending in <code>${TEST_ACCOUNT_ENDINGS.account_not_found}</code> do not exist,
<code>${TEST_ACCOUNT_ENDINGS.account_closed}</code> are closed, <code>${TEST_ACCOUNT_ENDINGS.holder_mismatch}</code> are held by
${escapeHtml(MISMATCH_HOLDER)} (any other name is a holder mismatch); any other account is open and held by the name given.</p>`;

export async function transferPages(app: FastifyInstance, { context, store }: BankRouteOptions) {
  app.get('/transfers', async (_request, reply) => {
    const rows = store
      .listTransfers()
      .map((transfer) => presentTransfer(refreshTransfer(context, store, transfer)))
      .map(
        (transfer) =>
          `<tr><td>${escapeHtml(jst(transfer.created_at))}</td><td>${escapeHtml(transfer.reference)}</td><td>${yen(transfer.amount)}</td><td>${escapeHtml(`${transfer.bank_code}-${transfer.branch_code}`)}</td><td>${escapeHtml(`${transfer.account_type} ${transfer.account_number}`)}</td><td>${escapeHtml(transfer.account_holder)}</td><td>${escapeHtml(transfer.status)}</td><td>${escapeHtml(transfer.failure_message ?? '')}</td></tr>`,
      )
      .join('');
    const table = rows
      ? `<table><thead><tr><th>Sent</th><th>Kifu reference</th><th>Amount</th><th>Bank-branch</th><th>Account</th><th>Holder</th><th>Status</th><th>Why it failed</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No transfers yet. Kifu sends one per associate when it pays out.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          `${BANK.nameEn} — outgoing transfers`,
          `<h1>${BANK.name} · outgoing transfers</h1><p>Money Kifu sent to payee accounts through <code>POST /bank/v1/transfers</code>.</p>${TEST_ACCOUNTS_NOTE}${table}`,
        ),
      );
  });
}
