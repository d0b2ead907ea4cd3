// The bank's JSON API under /bank/v1 (protocol in ./index.ts). Two scopes: the merchant API, which
// fault injection can break, and the deposit simulation, which it never does, so a reliability test
// can still "receive money" while the bank's API is failing.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../shared/context';
import { injectFaults } from '../shared/faults';
import { BankError, bankErrorBody, parseBankRequest } from './bank-error';
import { newId, type BankStore } from './bank-store';
import { issueVirtualAccount } from './issue-virtual-account';
import { parseDepositRequest, recordDeposit } from './record-deposit';
import { checkPayee } from './test-accounts';
import { accountCheckRequest, createTransfer, presentTransfer, refreshTransfer, type Transfer } from './transfer';
import { depositedAmount, presentVirtualAccount, refundedAmount, type Refund, type VirtualAccount } from './virtual-account';

export interface BankRouteOptions {
  context: SandboxContext;
  store: BankStore;
}

type WithId = { Params: { id: string } };

const listQuery = z.object({
  reference: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const refundRequest = z.object({ amount: z.number().int().min(1).max(999_999_999) }).strict();

function presentRefund(account: VirtualAccount, refund: Refund, now: Date) {
  const { idempotency_key: _key, ...shown } = refund;
  return { object: 'refund' as const, ...shown, virtual_account: presentVirtualAccount(account, now) };
}

const eventsQuery = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function requireApiKey(context: SandboxContext) {
  const expected = digest(context.config.BANK_API_KEY);
  return async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      throw new BankError(401, 'unauthorized', 'Send Authorization: Bearer <API key>.');
    }
  };
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
    throw new BankError(400, 'invalid_request', 'Idempotency-Key must be one value of 1–255 characters.');
  }
  return key;
}

export async function bankApiRoutes(app: FastifyInstance, { context, store }: BankRouteOptions) {
  const now = () => context.clock.now();
  const account = (id: string): VirtualAccount => {
    const found = store.get(id);
    if (!found) throw new BankError(404, 'not_found', `No virtual account ${id}.`);
    return found;
  };
  const transfer = (id: string): Transfer => {
    const found = store.getTransfer(id);
    if (!found) throw new BankError(404, 'not_found', `No transfer ${id}.`);
    return refreshTransfer(context, store, found);
  };
  /** Transfers whose moment passed on the sandbox clock complete before anything lists them. */
  const refreshTransfers = () => store.listTransfers().forEach((found) => refreshTransfer(context, store, found));

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BankError) return reply.code(error.statusCode).send(bankErrorBody(error.code, error.message));
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    // Fastify's own 4xx (malformed JSON, wrong content type, body too large) are bad requests too.
    if (statusCode < 500) return reply.code(400).send(bankErrorBody('invalid_request', (error as Error).message));
    request.log.error(error);
    return reply.code(500).send(bankErrorBody('internal_error', 'Internal error.'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(bankErrorBody('not_found', `No route ${request.method} ${request.url}.`)),
  );

  await app.register(async (merchant) => {
    injectFaults(merchant, context.faults, () => bankErrorBody('internal_error', 'The bank is temporarily unavailable.'));
    merchant.addHook('onRequest', requireApiKey(context));

    merchant.post('/virtual-accounts', async (request, reply) => {
      const { account: issued, created } = issueVirtualAccount(store, request.body, idempotencyKey(request), now());
      if (created) {
        context.activity.record('bank', 'virtual account issued', `${issued.accountNumber} ¥${issued.amount} for ${issued.reference}`);
        return reply.code(201).send(presentVirtualAccount(issued, now()));
      }
      return reply.code(200).header('idempotent-replayed', 'true').send(presentVirtualAccount(issued, now()));
    });

    merchant.get('/virtual-accounts', async (request) => {
      const query = parseBankRequest(listQuery, request.query);
      const matching = store.list().filter((candidate) => query.reference === undefined || candidate.reference === query.reference);
      return {
        object: 'list',
        data: matching.slice(0, query.limit).map((found) => presentVirtualAccount(found, now())),
        has_more: matching.length > query.limit,
      };
    });

    merchant.get<WithId>('/virtual-accounts/:id', async (request) => presentVirtualAccount(account(request.params.id), now()));

    // Sends money back to the depositor: at most what arrived and was not refunded yet. The same
    // Idempotency-Key answers the same refund, so a merchant retrying after a lost answer pays once.
    merchant.post<WithId>('/virtual-accounts/:id/refunds', async (request, reply) => {
      const found = account(request.params.id);
      const key = idempotencyKey(request);
      if (!key) throw new BankError(400, 'invalid_request', 'A refund needs an Idempotency-Key.');
      const earlier = found.refunds.find((refund) => refund.idempotency_key === key);
      if (earlier)
        return reply
          .code(200)
          .header('idempotent-replayed', 'true')
          .send(presentRefund(found, earlier, now()));
      const { amount } = parseBankRequest(refundRequest, request.body ?? {});
      if (amount > depositedAmount(found) - refundedAmount(found))
        throw new BankError(400, 'refund_exceeds_deposits', `Only ¥${depositedAmount(found) - refundedAmount(found)} can be refunded.`);
      const refund = {
        id: newId('rfd'),
        amount,
        to: found.deposits.at(-1)?.depositor_name ?? '',
        refunded_at: now().toISOString(),
        idempotency_key: key,
      };
      found.refunds.push(refund);
      context.activity.record('bank', 'refund sent', `${found.accountNumber} ¥${amount} to ${refund.to}`);
      return reply.code(201).send(presentRefund(found, refund, now()));
    });

    // Closing stops further deposits (a cancelled donation); closing twice is harmless.
    merchant.post<WithId>('/virtual-accounts/:id/close', async (request) => {
      const found = account(request.params.id);
      if (!found.closedAt) {
        found.closedAt = now();
        context.activity.record('bank', 'virtual account closed', `${found.accountNumber} (${found.reference})`);
      }
      return presentVirtualAccount(found, now());
    });

    // Pays a payee (ADR 074): 'processing' now, its outcome a moment later as an event and webhook.
    merchant.post('/transfers', async (request, reply) => {
      const { transfer: sent, created } = createTransfer(context, store, request.body, idempotencyKey(request));
      if (created) return reply.code(201).send(presentTransfer(sent));
      return reply.code(200).header('idempotent-replayed', 'true').send(presentTransfer(sent));
    });

    merchant.get('/transfers', async (request) => {
      const query = parseBankRequest(listQuery, request.query);
      refreshTransfers();
      const matching = store
        .listTransfers()
        .filter((candidate) => query.reference === undefined || candidate.reference === query.reference);
      return { object: 'list', data: matching.slice(0, query.limit).map(presentTransfer), has_more: matching.length > query.limit };
    });

    merchant.get<WithId>('/transfers/:id', async (request) => presentTransfer(transfer(request.params.id)));

    // 口座名義照会: whether a payee account exists, is open and is held by that name, before a form
    // saves it. The same test accounts decide as for transfers, so a checked account pays.
    merchant.post('/account-checks', async (request) => {
      const payee = parseBankRequest(accountCheckRequest, request.body);
      const { result, registeredHolder } = checkPayee(payee.account_number, payee.account_holder);
      context.activity.record('bank', 'account checked', `${payee.bank_code}-${payee.branch_code} ${payee.account_number} → ${result}`);
      return { object: 'account_check', result, ...(registeredHolder === undefined ? {} : { registered_holder: registeredHolder }) };
    });

    // Oldest first; `since` is inclusive, so a receiver that dedupes by event id never misses one.
    merchant.get('/events', async (request) => {
      const query = parseBankRequest(eventsQuery, request.query);
      refreshTransfers();
      const since = query.since === undefined ? -Infinity : Date.parse(query.since);
      const matching = store.events.filter((event) => Date.parse(event.created_at) >= since);
      return { object: 'list', data: matching.slice(0, query.limit), has_more: matching.length > query.limit };
    });

    merchant.get<WithId>('/events/:id', async (request) => {
      refreshTransfers();
      const event = store.events.find((candidate) => candidate.id === request.params.id);
      if (!event) throw new BankError(404, 'not_found', `No event ${request.params.id}.`);
      return event;
    });
  });

  await app.register(async (simulation) => {
    simulation.addHook('onRequest', requireApiKey(context));
    simulation.post<WithId>('/virtual-accounts/:id/deposits', async (request, reply) => {
      const found = account(request.params.id);
      const event = recordDeposit(context, store, found, parseDepositRequest(request.body));
      return reply.code(201).send(event);
    });
  });
}
