// The bank's part of the sandbox index page: what it is and where to "transfer" money.
import type { EmulatorOptions } from '../shared/context';
import { escapeHtml } from '../shared/html';
import { PAYMENT_HISTORY_PATH, paymentHistoryNote } from '../shared/payment-history';
import { BANK } from './bank-identity';
import type { BankStore } from './bank-store';
import { jst, yen } from './deposit-pages';
import { presentTransfer, refreshTransfer } from './transfer';
import { TEST_ACCOUNTS_NOTE, TRANSFERS_PAGE, transferSummary } from './transfer-pages';
import { presentVirtualAccount } from './virtual-account';

export function renderBankIndexSection({ context }: Pick<EmulatorOptions, 'context'>, store: BankStore | undefined): string {
  const now = context.clock.now();
  const recent = (store?.list() ?? [])
    .slice(0, 5)
    .map((account) => presentVirtualAccount(account, now))
    .map(
      (account) =>
        `<li><a href="/bank/deposit/${escapeHtml(account.id)}">${escapeHtml(account.account_number)}</a> · ${yen(account.amount)} · ${escapeHtml(account.status)} · by ${escapeHtml(jst(account.expires_at))}</li>`,
    )
    .join('');
  const transfers = (store?.listTransfers() ?? [])
    .slice(0, 5)
    .map((transfer) => `<li>${transferSummary(presentTransfer(refreshTransfer(context, store!, transfer)))}</li>`)
    .join('');
  return `<section><h2>Bank transfer (virtual accounts)</h2>
<p>${BANK.name} (${BANK.nameEn}, bank code <code>${BANK.code}</code>) issues one ordinary account per bank-transfer donation
at <code>POST /bank/v1/virtual-accounts</code>. To play the donor, open <a href="/bank/deposit">/bank/deposit</a>, pick the account and
deposit the exact amount, too little, too much or after the deadline; the bank then sends Kifu a signed
<code>virtual_account.deposited</code> webhook. Move the deadline with <code>POST /__control/clock</code>.</p>
${paymentHistoryNote(`/bank${PAYMENT_HISTORY_PATH}`, '<code>POST /bank/v1/virtual-accounts/:id/refunds</code>')}
${recent ? `<h3>Recent accounts</h3><ul>${recent}</ul>` : '<p>No accounts issued yet.</p>'}
<h3>Outgoing transfers</h3>
<p>Kifu pays associates with <code>POST /bank/v1/transfers</code> and checks a payee account first with
<code>POST /bank/v1/account-checks</code>; each transfer is <code>processing</code>, then <code>transfer.succeeded</code> or
<code>transfer.failed</code> a moment later. All of them: <a href="${TRANSFERS_PAGE}">${TRANSFERS_PAGE}</a>.</p>
${TEST_ACCOUNTS_NOTE}
${transfers ? `<ul>${transfers}</ul>` : '<p>No transfers sent yet.</p>'}</section>`;
}
