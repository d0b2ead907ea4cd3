// The bank emulator: an online bank that issues one virtual account (振込先口座) per bank-transfer
// donation, modelled on Japanese net banks' virtual-account APIs such as GMO Aozora's
// (providers.md "Bank transfer"; spec §3 "Virtual bank account", §9). Protocol, under /bank:
//
// JSON API — `Authorization: Bearer <BANK_API_KEY>`; errors are `{error:{code, message}}` with
// 400 invalid_request, 401 unauthorized, 404 not_found, 409 reference_conflict |
// idempotency_key_reused | account_closed, 422 invalid_amount | invalid_expiry | invalid_holder_name,
// 500 internal_error.
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
//   GET  /v1/events?since=<ISO, inclusive>&limit=1..1000 → {object:'list', data: Event[] oldest first, has_more}
//   GET  /v1/events/:id → Event
//
// Simulation (sandbox only, same auth, never fault-injected):
//   POST /v1/virtual-accounts/:id/deposits {amount?, kind?: exact|short|over|late, depositor_name?}
//     → 201 Event. Without amount, kind (default exact) picks it from what is still owed: exact,
//       −1,000, +1,000; 'late' books the deposit one minute after expires_at (or now, if later).
//   Deposit = {id:'dep_…', amount, depositor_name, deposited_at}
//
// Webhook — POST to BANK_WEBHOOK_URL for every deposit, retried on non-2xx:
//   body Event = {id:'evt_…', type:'virtual_account.deposited', created_at,
//                 data:{virtual_account: VirtualAccount, deposit: Deposit}}
//   headers X-Bank-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<raw body>", BANK_WEBHOOK_SECRET)>
//           X-Bank-Event-Id: evt_…           (helpers: ./webhook-signature.ts)
//
// Pages: GET /deposit lists open accounts; GET /deposit/:id shows one with the deposit buttons,
// which POST a form to /deposit/:id and come back with the result.
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions, SandboxContext } from '../shared/context';
import { bankApiRoutes } from './api-routes';
import { BankStore } from './bank-store';
import { depositPages } from './deposit-pages';
import { renderBankIndexSection } from './index-section';

// The index page only gets the context; this finds the ledger of the same sandbox app.
const stores = new WeakMap<SandboxContext, BankStore>();

export async function bankEmulator(app: FastifyInstance, { context, onReset }: EmulatorOptions) {
  const store = new BankStore();
  stores.set(context, store);
  onReset(() => store.clear());
  await app.register(bankApiRoutes, { context, store, prefix: '/v1' });
  await app.register(depositPages, { context, store });
}

/** The emulator's part of the sandbox index page (HTML). */
export function bankIndexSection(options: Pick<EmulatorOptions, 'context'>): string {
  return renderBankIndexSection(options, stores.get(options.context));
}

export { signBankWebhook, verifyBankWebhook, parseBankSignature } from './webhook-signature';
