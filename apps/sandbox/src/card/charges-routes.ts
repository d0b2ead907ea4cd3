// Charges and refunds (https://docs.opn.ooo/charges-api, …/refunds-api), every path the official
// SDK builds: /charges, /charges/:id, /charges/:id/{capture,reverse,expire,refunds}.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CardDeps, StoredCharge } from './card-store';
import { refundObject } from './card-objects';
import { captureCharge, chargeSnapshot, expireCharge, findCharge, refreshCharge, reverseCharge } from './charge-lifecycle';
import { createCharge } from './create-charge';
import { CardApiError, notFound } from './errors';
import { listObject, parseListQuery } from './list';
import { refundCharge } from './refund-charge';
import { booleanParam, metadataParam, nestFormFields, parseParams } from './request-body';

type IdParams = { Params: { id: string } };

const httpUrl = z.url({ protocol: /^https?$/ });

const chargeParams = z.object({
  amount: z.unknown().optional(),
  currency: z.string(),
  description: z.string().optional(),
  metadata: metadataParam.optional(),
  capture: booleanParam.optional(),
  customer: z.string().min(1).optional(),
  card: z.string().min(1).optional(),
  return_uri: httpUrl.optional(),
  ip: z.string().optional(),
});

/** Amounts arrive as JSON numbers or form strings; anything else about them is invalid_amount. */
function amountParam(value: unknown, field = 'amount'): number {
  if (value === undefined || value === null || value === '') throw new CardApiError('invalid_amount', `${field} is required`);
  const amount = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw new CardApiError('invalid_amount', `${field} must be an integer`);
  return amount;
}

export async function chargesRoutes(app: FastifyInstance, { deps }: { deps: CardDeps }) {
  const now = () => deps.context.clock.now();
  const present = (charge: StoredCharge) => chargeSnapshot(deps, charge);
  const charges = () => [...deps.store.charges.values()].map((charge) => refreshCharge(deps, charge));

  app.post('/charges', async (request) => {
    const body = nestFormFields(request.body);
    const params = parseParams(chargeParams, body);
    return present(createCharge(deps, { ...params, amount: amountParam(params.amount) }));
  });

  app.get('/charges', async (request) => listObject(charges(), parseListQuery(request.query, now()), '/charges', present));

  app.get<IdParams>('/charges/:id', async (request) => present(findCharge(deps, request.params.id)));

  app.patch<IdParams>('/charges/:id', async (request) => {
    const charge = findCharge(deps, request.params.id);
    const changes = parseParams(
      z.object({ description: z.string().optional(), metadata: metadataParam.optional() }),
      nestFormFields(request.body),
    );
    if (changes.description !== undefined) charge.description = changes.description;
    if (changes.metadata !== undefined) charge.metadata = changes.metadata;
    return present(charge);
  });

  app.post<IdParams>('/charges/:id/capture', async (request) => {
    const charge = findCharge(deps, request.params.id);
    const body = nestFormFields(request.body);
    captureCharge(deps, charge, body.capture_amount === undefined ? undefined : amountParam(body.capture_amount, 'capture_amount'));
    return present(charge);
  });

  app.post<IdParams>('/charges/:id/reverse', async (request) => {
    const charge = findCharge(deps, request.params.id);
    reverseCharge(deps, charge);
    return present(charge);
  });

  app.post<IdParams>('/charges/:id/expire', async (request) => {
    const charge = findCharge(deps, request.params.id);
    expireCharge(deps, charge);
    return present(charge);
  });

  app.post<IdParams>('/charges/:id/refunds', async (request) => {
    const charge = findCharge(deps, request.params.id);
    const body = nestFormFields(request.body);
    const { metadata } = parseParams(z.object({ metadata: metadataParam.optional() }), body);
    return refundObject(refundCharge(deps, charge, amountParam(body.amount), metadata));
  });

  app.get<IdParams>('/charges/:id/refunds', async (request) => {
    const charge = findCharge(deps, request.params.id);
    return listObject(charge.refunds, parseListQuery(request.query, now()), `/charges/${charge.id}/refunds`, refundObject);
  });

  app.get<{ Params: { id: string; refundId: string } }>('/charges/:id/refunds/:refundId', async (request) => {
    const refund = findCharge(deps, request.params.id).refunds.find((candidate) => candidate.id === request.params.refundId);
    if (!refund) throw notFound('refund', request.params.refundId);
    return refundObject(refund);
  });

  app.get('/refunds', async (request) => {
    const refunds = [...deps.store.charges.values()]
      .flatMap((charge) => charge.refunds)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    return listObject(refunds, parseListQuery(request.query, now()), '/refunds', refundObject);
  });
}
