// Statements and payouts over HTTP (ADR 075): an associate's members read its statements (every
// role: they hold sums and gift numbers, no supporter's personal data); Kifu's staff read every
// payout run and start one on demand (as of a later day where the server allows it: ADR 079). The
// jobs: months close hourly, due payouts are sent a few times a day.
import { api, payoutAsOfError, payoutAsOfInstant, statementCsv } from '@kifu/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../campaigns/manage/reward-review';
import { requireAssociateRole } from '../console/console-access';
import { perCallerLimit } from '../plugins/rate-limit';
import { enqueueJob } from '../jobs/enqueue-job';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { sendFile } from '../lib/send-file';
import { drawStatement } from './draw-statement';
import { changePayoutAccount, payoutAccountOf, payoutAccountView } from './payout-account';
import { closeDueStatements } from './close-statements';
import { runPayouts, type PayoutDeps } from './payout-run';
import { payoutRunDetail, payoutRunList, statementDetailOf, statementListOf } from './statement-views';

export const CLOSE_STATEMENTS_JOB = 'close-statements';
export const PAYOUT_RUN_JOB = 'payout-run';
/** A month closes at midnight in Japan on the 5th: within the hour after, its statement is written. */
const CLOSE_EVERY_MS = 60 * 60_000;
/** Payout dates are days: a run a few times a day pays each on its day and reads the bank's answers. */
const PAYOUT_EVERY_MS = 6 * 60 * 60_000;

const payoutDeps = (app: FastifyInstance, job: string): PayoutDeps => ({
  db: app.db,
  bank: app.bankGateway,
  mailLinks: app.mailLinks,
  log: app.log.child({ job }),
});

export function registerStatementJobs(app: FastifyInstance): void {
  app.jobs.handle(CLOSE_STATEMENTS_JOB, async () => {
    const written = await closeDueStatements(app.db);
    if (written > 0) app.log.info({ job: CLOSE_STATEMENTS_JOB, written }, 'statements closed');
  });
  app.jobs.every(CLOSE_STATEMENTS_JOB, CLOSE_EVERY_MS);
  app.jobs.handle(PAYOUT_RUN_JOB, async (payload) => {
    const requestedBy = Number(payload.requestedBy);
    const deps = payoutDeps(app, PAYOUT_RUN_JOB);
    // A run as of a later day (ADR 079) acts at noon in Japan that day; only where the server allows it.
    const asOf = typeof payload.asOf === 'string' && app.config.STAFF_PAYOUT_RUN_AS_OF ? payload.asOf : undefined;
    const now = asOf ? payoutAsOfInstant(asOf) : undefined;
    // Statements due today are closed first, so a run never waits an hour for the closing job.
    await closeDueStatements(app.db, now);
    const result = await runPayouts(deps, {
      trigger: payload.trigger === 'staff' ? 'staff' : 'schedule',
      requestedBy: Number.isInteger(requestedBy) ? requestedBy : null,
      now,
      asOf,
    });
    if (result) deps.log.info(result, 'payout run finished');
  });
  app.jobs.every(PAYOUT_RUN_JOB, PAYOUT_EVERY_MS);
}

const tags = ['statements and payouts'];
/** Per caller per minute: enough for typing mistakes, too few to guess an owner's password. */
const PAYOUT_ACCOUNT_CHANGE_RATE_LIMIT = 10;

export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  registerStatementJobs(app);

  app.get(
    '/associate/:uid/console/statements/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The associate's closed monthly statements, newest first, with their payouts, and what no statement holds yet",
        params: api.associateUidParams,
        querystring: api.langQuery,
        response: { 200: api.statementList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return statementListOf(app.db, caller.associate.id);
    },
  );

  app.get(
    '/associate/:uid/console/statements/:month/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'One closed statement with its lines',
        params: api.statementParams,
        querystring: api.langQuery,
        response: { 200: api.statementDetail, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      const statement = await statementDetailOf(app.db, caller.associate.id, request.params.month);
      if (!statement) throw new AppError('not_found', 'no statement for that month');
      return statement;
    },
  );

  app.get(
    '/associate/:uid/console/statements/:month/:format/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'One closed statement as a CSV (UTF-8 with a byte order mark) or a PDF; it names no supporter',
        params: api.statementParams.extend({ format: z.enum(['csv', 'pdf']) }),
        querystring: api.langQuery,
        response: { 200: z.string().describe('text/csv or application/pdf'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { month, format } = request.params;
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      const statement = await statementDetailOf(app.db, caller.associate.id, month);
      if (!statement) throw new AppError('not_found', 'no statement for that month');
      const fileName = `statement-${caller.associate.uid}-${month}.${format}`;
      if (format === 'csv')
        return sendFile(reply, Buffer.from(statementCsv(statement, request.query.lang), 'utf8'), 'text/csv; charset=utf-8', fileName);
      return sendFile(reply, await drawStatement(statement, caller.associate.name, request.query.lang), 'application/pdf', fileName);
    },
  );

  app.get(
    '/associate/:uid/console/payout-account/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Where Kifu pays the associate, its number masked (every member)',
        params: api.associateUidParams,
        response: { 200: api.payoutAccountView, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return payoutAccountView(await payoutAccountOf(app.db, caller.associate.id));
    },
  );

  app.put(
    '/associate/:uid/console/payout-account/',
    {
      preHandler: app.requireUser,
      config: perCallerLimit(PAYOUT_ACCOUNT_CHANGE_RATE_LIMIT),
      schema: {
        tags,
        summary: 'An owner changes the payout account with their password; the bank checks it first; audited, every owner mailed',
        params: api.associateUidParams,
        body: api.payoutAccountChange,
        response: { 200: api.payoutAccountView, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'administer');
      const saved = await changePayoutAccount({ db: app.db, bank: app.bankGateway, mailLinks: app.mailLinks }, caller, request.body);
      return payoutAccountView(saved);
    },
  );

  app.get(
    '/staff/payout-runs/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Every payout run, newest first, with its payouts counted (Kifu's staff only)",
        querystring: api.langQuery,
        response: { 200: api.payoutRunList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await requireStaff(app.db, request.userId!);
      return { results: await payoutRunList(app.db), may_run_as_of: app.config.STAFF_PAYOUT_RUN_AS_OF };
    },
  );

  app.get(
    '/staff/payout-runs/:id/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "One payout run with each associate's payout (Kifu's staff only)",
        params: api.payoutRunParams,
        querystring: api.langQuery,
        response: { 200: api.payoutRunDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireStaff(app.db, request.userId!);
      const run = await payoutRunDetail(app.db, request.params.id, request.query.lang);
      if (!run) throw new AppError('not_found', 'no such payout run');
      return run;
    },
  );

  app.post(
    '/staff/payout-runs/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Starts a payout run now (Kifu's staff only): every due statement is paid once; a run already queued is not queued again. `as_of` (where the server allows it, never in production) runs as of a later day",
        // No body at all (null) is a run as of today.
        body: api.payoutRunRequest.nullish(),
        response: { 202: z.object({ queued: z.boolean() }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await requireStaff(app.db, request.userId!);
      const asOf = request.body?.as_of;
      if (asOf !== undefined) {
        if (!app.config.STAFF_PAYOUT_RUN_AS_OF) throw new AppError('forbidden', 'payout runs as of a later day are off on this server');
        const rule = payoutAsOfError(asOf, new Date());
        if (rule) throw new AppError('validation_failed', `as_of: ${rule}`, { as_of: [rule] });
      }
      const id = await enqueueJob(app.db, {
        kind: PAYOUT_RUN_JOB,
        payload: { trigger: 'staff', requestedBy: request.userId!, ...(asOf ? { asOf } : {}) },
        dedupeKey: `payout-run:staff:${asOf ?? 'today'}`,
      });
      return reply.code(202).send({ queued: id !== null });
    },
  );
};
