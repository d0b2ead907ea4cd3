// The bank emulator: an online bank that issues one virtual account (振込先口座) per bank-transfer
// donation, modelled on Japanese net banks' virtual-account APIs such as GMO Aozora's
// (providers.md "Bank transfer"; spec §3 "Virtual bank account", §9). Protocol, under /bank:
//
// JSON API — `Authorization: Bearer <BANK_API_KEY>`; errors are `{error:{code, message}}` with
// 400 invalid_request, 401 unauthorized, 404 not_found, 409 reference_conflict |
// idempotency_key_reused | account_closed, 422 invalid_amount | invalid_expiry | invalid_holder_name,
// 500 internal_error. Fault injection (POST /__control/faults) applies to every call of this API.
//   POST /v1/virtual-accounts   {amount: integer yen 1..9,999,999, reference: string (unique),
//        expires_at: ISO datetime | expires_in_days: 0..365 (deadline = 23:59:59 JST that day),
//        holder_name?: katakana, holder_name_en?}   header Idempotency-Key optional
//     → 201 VirtualAccount; the same reference (or key) with the same body → 200 the same account
//       with `Idempotent-Replayed: true`; with a different body → 409.
//   VirtualAccount = {id:'va_…', object:'virtual_account', bank_name:'サンドボックス銀行',
//        bank_name_en:'Sandbox Bank', bank_code:'0399', branch_name, branch_name_en, branch_code,
//        account_type:'ordinary', account_number: 7 digits, account_holder:'キフ（カ',
//        account_holder_en:'KIFU CO., LTD.', amount, deposited_amount, expires_at,
//        status: waiting|paid|short|over|expired|late, reference, deposits: Deposit[],
//        closed_at: ISO|null, created_at}
//     status: no deposit → waiting, or expired after expires_at; money after expires_at before the
//     amount was covered → late; otherwise the total against the amount → paid | short | over.
//   GET  /v1/virtual-accounts/:id → VirtualAccount
//   GET  /v1/virtual-accounts?reference=…&limit=1..100 → {object:'list', data: VirtualAccount[], has_more}
//   POST /v1/virtual-accounts/:id/close → VirtualAccount with closed_at (further deposits → 409)
//   POST /v1/virtual-accounts/:id/refunds {amount}   header Idempotency-Key required
//     → 201 Refund {object:'refund', id:'rfd_…', amount, to, refunded_at, virtual_account};
//       the same key → 200 the same refund with `Idempotent-Replayed: true` (ADR 035).
//
// Outgoing transfers and the account check (transfer.ts, test-accounts.ts, ADR 074):
//   POST /v1/transfers   header Idempotency-Key required (money leaves: a retry must find the first)
//        {bank_code: 4 digits, branch_code: 3 digits, account_type: ordinary|current|savings,
//         account_number: 7 digits, account_holder: 1–30 full-width katakana, digits, capitals or
//         bank symbols (the holder rule of virtual accounts), amount: integer yen 1..999,999,999,
//         reference: 1–64 characters, unique}
//     → 201 Transfer; the same key and body → 200 the same transfer with `Idempotent-Replayed:
//       true`; the same key, another body → 409 idempotency_key_reused; the reference under another
//       key → 409 reference_conflict. Bad or missing fields, or no key → 400 invalid_request.
//   Transfer = {id:'tr_…', object:'transfer', bank_code, branch_code, account_type, account_number,
//        account_holder, amount, reference, status: processing|succeeded|failed,
//        failure_code: null|account_not_found|account_closed|holder_mismatch, failure_message: null|string,
//        created_at, completed_at: ISO|null}
//     Every transfer starts 'processing' and completes 1 s later on the sandbox clock (a timer, or the
//     first read after POST /__control/clock moved past it), emitting transfer.succeeded or
//     transfer.failed with data:{transfer}. The outcome comes from the payee's account number:
//       ending 9999 → failed account_not_found; ending 8888 → failed account_closed;
//       ending 7777 → held by サンドボックス\u3000ハナコ (MISMATCH_HOLDER): that name succeeds, any other fails holder_mismatch;
//       anything else → succeeded. Holders compare as banks do: width, spaces and small kana ignored.
//   GET  /v1/transfers/:id → Transfer
//   GET  /v1/transfers?reference=…&limit=1..100 → {object:'list', data: Transfer[] newest first, has_more}
//   POST /v1/account-checks {bank_code, branch_code, account_type, account_number, account_holder}
//     → 200 {object:'account_check', result: match|holder_mismatch|account_not_found|account_closed,
//       registered_holder?: the holder on record, for match and holder_mismatch only} (口座名義照会)
//
//   GET  /v1/events?since=<ISO, inclusive>&limit=1..1000 → {object:'list', data: Event[] oldest first, has_more}
//   GET  /v1/events/:id → Event
//
// Simulation (sandbox only, same auth, never fault-injected):
//   POST /v1/virtual-accounts/:id/deposits {amount?, kind?: exact|short|over|late, depositor_name?}
//     → 201 Event. Without amount, kind (default exact) picks it from what is still owed: exact,
//       −1,000, +1,000; 'late' books the deposit one minute after expires_at (or now, if later).
//   Deposit = {id:'dep_…', amount, depositor_name, deposited_at}
//
// Webhook — POST to BANK_WEBHOOK_URL for every event, retried on non-2xx:
//   body Event = {id:'evt_…', type:'virtual_account.deposited', created_at,
//                 data:{virtual_account: VirtualAccount, deposit: Deposit}}
//              | {id:'evt_…', type:'transfer.succeeded'|'transfer.failed', created_at, data:{transfer: Transfer}}
//   headers X-Bank-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<raw body>", BANK_WEBHOOK_SECRET)>
//           X-Bank-Event-Id: evt_…           (helpers: ./webhook-signature.ts)
//
// Sandbox control, no key, never fault-injected (past-accounts.ts, ADR 072):
//   POST /__payment-history {payments: [{id, amount, paid_at, refunded_amount}], at most 1,000}
//     → {held, known}. Holds accounts paid before the sandbox started (closed, paid by one deposit,
//       what was refunded as one refund) so their refunds work; idempotent by id, 400 on bad input.
//
// Pages: GET /deposit lists open accounts; GET /deposit/:id shows one with the deposit buttons,
// which POST a form to /deposit/:id and come back with the result. GET /transfers lists the
// outgoing transfers with their outcome and the test accounts.
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions, SandboxContext } from '../shared/context';
import { bankApiRoutes } from './api-routes';
import { BankStore } from './bank-store';
import { depositPages } from './deposit-pages';
import { renderBankIndexSection } from './index-section';
import { pastAccountsRoute } from './past-accounts';
import { transferPages } from './transfer-pages';

// The index page only gets the context; this finds the ledger of the same sandbox app.
const stores = new WeakMap<SandboxContext, BankStore>();

export async function bankEmulator(app: FastifyInstance, { context, onReset }: EmulatorOptions) {
  const store = new BankStore();
  stores.set(context, store);
  onReset(() => store.clear());
  // No transfer may complete, and webhook, after its sandbox has closed.
  app.addHook('onClose', async () => store.clear());
  await app.register(bankApiRoutes, { context, store, prefix: '/v1' });
  await app.register(depositPages, { context, store });
  await app.register(pastAccountsRoute, { context, store });
  await app.register(transferPages, { context, store });
}

/** The emulator's part of the sandbox index page (HTML). */
export function bankIndexSection(options: Pick<EmulatorOptions, 'context'>): string {
  return renderBankIndexSection(options, stores.get(options.context));
}

export { signBankWebhook, verifyBankWebhook, parseBankSignature } from './webhook-signature';
