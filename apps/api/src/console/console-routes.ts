// An associate's console calls (ADR 060), each behind the caller's role on that associate
// (console-access.ts): who the caller is there (spec §7 /associate/{uid}/my_associate/), the gifts
// table and a gift's page, refunds (ADR 064), the donor register (ADR 061), the audit log. Never cached: every answer
// is the caller's own. A download of personal data (the register's CSV or PDF) needs the export
// permission and is written to the audit log before it is sent.
import { api, donorRegisterCsvLines, permissionsOf } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { associates } from '../db/schema/index';
import { drawDonorRegister } from '../donor-register/draw-donor-register';
import { errorResponses } from '../lib/error-responses';
import { sendFile } from '../lib/send-file';
import { listAudit, recordAudit } from './audit-log';
import { associatePageRoutes } from './associate-page-routes';
import { consoleCampaignRoutes } from './console-campaign-routes';
import { consoleExportRoutes } from './console-export-routes';
import { consoleInsightsRoutes } from './console-insights-routes';
import { statementRoutes } from '../statements/statement-routes';
import { publicSupportTestRoutes } from './public-support-test-routes';
import { externalGiftRoutes } from './external-gift-routes';
import { donorRegisterOf, donorRegisterView, fiscalYearStartMonth } from './donor-register';
import { requireAssociateRole } from './console-access';
import { consoleGiftDetail, giftRefundOf } from './console-gift-detail';
import { refundDeps, registerRefundJobs } from './refund-jobs';
import { requestRefund } from './refund-gift';
import { listConsoleGifts } from './console-gifts';
import { listConsoleRecurring } from './console-recurring';
import {
  activityReportOf,
  addActivityReport,
  changeActivityReport,
  listActivityReports,
  removeActivityReport,
} from './console-activity-reports';
import { listConsoleReceipts, receiptForStaff, reissueReceipt } from './console-receipts';
import { listConsoleSupporters } from './console-supporters';
import { drawReceipt } from '../receipts/draw-receipt';
import { receiptDocument } from '../receipts/receipt-for-document';
import {
  acceptInvitation,
  changeMemberRole,
  inviteMember,
  listMembers,
  removeMember,
  revokeInvitation,
  viewInvitation,
} from './console-members';

const tags = ['associate console'];

export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRefundJobs(app);

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
  await app.register(associatePageRoutes);
  await app.register(consoleExportRoutes);
  await app.register(consoleCampaignRoutes);
  await app.register(consoleInsightsRoutes);
  await app.register(publicSupportTestRoutes);
  await app.register(statementRoutes);
  await app.register(externalGiftRoutes);

  app.get(
    '/associate/:uid/my_associate/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The caller's role in the associate's console and what it allows; 404 for anyone who is not a member",
        params: api.associateUidParams,
        response: { 200: api.myAssociate, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return {
        associate: {
          id: caller.associate.id,
          uid: caller.associate.uid,
          name: caller.associate.name,
          logo_url: app.mediaUrl(caller.associate.logoPath),
        },
        role: caller.role,
        permissions: permissionsOf(caller.role),
      };
    },
  );

  app.get(
    '/associate/:uid/console/gifts/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Every gift to the associate, its campaigns and its portfolio parts: filtered, searched, sorted and paged',
        params: api.associateUidParams,
        querystring: api.consoleGiftsQuery,
        response: { 200: api.consoleGifts, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return listConsoleGifts(app.db, caller.associate.id, request.query);
    },
  );

  app.get(
    '/associate/:uid/console/gifts/:donationId/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'One gift of the associate: the supporter (unless anonymous), message, survey answers and timeline',
        params: api.consoleGiftParams,
        querystring: api.langQuery,
        response: { 200: api.consoleGiftDetail, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return consoleGiftDetail(app.db, caller.associate.id, request.params.donationId, request.query.lang);
    },
  );

  app.post(
    '/associate/:uid/console/gifts/:donationId/refunds/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Refunds all or part of a paid gift through the provider that took it (owners and staff; audited). The body's request_key makes a repeat answer the same refund",
        params: api.consoleGiftParams,
        body: api.refundRequestBody,
        response: { 200: api.giftRefund, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      return giftRefundOf(await requestRefund(refundDeps(app), caller, request.params.donationId, request.body));
    },
  );

  app.get(
    '/associate/:uid/console/supporters/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'One row per supporter who gave openly (member or guest by e-mail): totals, first and last gift, running recurring support',
        params: api.associateUidParams,
        querystring: api.consoleSupportersQuery,
        response: { 200: api.consoleSupporters, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return listConsoleSupporters(app.db, caller.associate.id, request.query);
    },
  );

  app.get(
    '/associate/:uid/console/activity-reports/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The associate's activity reports, drafts first, then the newest published",
        params: api.associateUidParams,
        response: { 200: api.editableActivityReports, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return listActivityReports(app.db, caller.associate.id);
    },
  );

  app.post(
    '/associate/:uid/console/activity-reports/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Starts an activity report as a draft (owners and staff); its HTML is sanitised as a campaign story',
        params: api.associateUidParams,
        body: api.activityReportDraftBody,
        response: { 201: api.editableActivityReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      return reply.status(201).send(await addActivityReport(app.db, caller.associate.id, request.body));
    },
  );

  app.get(
    '/associate/:uid/console/activity-reports/:reportId/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'One activity report as its editor shows it',
        params: api.activityReportParams,
        response: { 200: api.editableActivityReport, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return activityReportOf(app.db, caller.associate.id, request.params.reportId);
    },
  );

  app.patch(
    '/associate/:uid/console/activity-reports/:reportId/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Changes an activity report; `publish: true` publishes a draft once and mails the supporters who gave since the previous report (owners and staff)',
        params: api.activityReportParams,
        body: api.activityReportChangeBody,
        response: { 200: api.changedActivityReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      return changeActivityReport(app.db, caller.associate.id, request.params.reportId, request.body, app.mailLinks);
    },
  );

  app.delete(
    '/associate/:uid/console/activity-reports/:reportId/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Deletes a draft; a published report stays (409)',
        params: api.activityReportParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      await removeActivityReport(app.db, caller.associate.id, request.params.reportId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/associate/:uid/console/settings/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The associate's console settings: the month its fiscal year starts (the donor register's year)",
        params: api.associateUidParams,
        response: { 200: api.consoleSettings, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return { fiscal_year_start_month: await fiscalYearStartMonth(app.db, caller.associate.id) };
    },
  );

  app.patch(
    '/associate/:uid/console/settings/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Changes the console settings (owners only)',
        params: api.associateUidParams,
        body: api.consoleSettingsBody,
        response: { 200: api.consoleSettings, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'administer');
      await app.db
        .update(associates)
        .set({ fiscalYearStartMonth: request.body.fiscal_year_start_month })
        .where(eq(associates.id, caller.associate.id));
      return { fiscal_year_start_month: request.body.fiscal_year_start_month };
    },
  );

  app.get(
    '/associate/:uid/console/recurring/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Monthly and annual supporters in every state (running, paused, retrying, suspended, stopped with their reason, pending), with the next charge date and a count per state',
        params: api.associateUidParams,
        querystring: api.consoleRecurringQuery,
        response: { 200: api.consoleRecurring, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return listConsoleRecurring(app.db, caller.associate.id, request.query);
    },
  );

  app.get(
    '/associate/:uid/console/receipts/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Every tax receipt the associate issued, current or voided, newest first: by year, state, number or name',
        params: api.associateUidParams,
        querystring: api.consoleReceiptsQuery,
        response: { 200: api.consoleReceipts, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return listConsoleReceipts(app.db, caller.associate.id, request.query);
    },
  );

  app.get(
    '/associate/:uid/console/receipts/:receiptId/pdf/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A staff copy of a current receipt as the supporter holds it (export permission; audited; not counted as handed out)',
        params: api.consoleReceiptParams,
        querystring: api.langQuery,
        response: { ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'export');
      const issued = await receiptForStaff(app.db, caller.associate.id, request.params.receiptId);
      const bytes = await drawReceipt(await receiptDocument(app.db, app.fileStorage, issued, request.query.lang === 'en'));
      await recordAudit(app.db, caller, { action: 'export.receipt', subject: `receipt:${issued.receipt.number}`, rowCount: 1 });
      return sendFile(reply, bytes, 'application/pdf', `receipt-${issued.receipt.number}.pdf`);
    },
  );

  app.post(
    '/associate/:uid/console/receipts/:receiptId/reissue/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Voids a receipt and issues it again with a new number to a corrected name and address; the gifts carry the correction, the supporter is mailed (owners and staff; audited)',
        params: api.consoleReceiptParams,
        body: api.reissueReceiptBody,
        response: { 200: api.consoleReceipt, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      return reissueReceipt(app.db, caller, request.params.receiptId, request.body, app.mailLinks);
    },
  );

  app.get(
    '/associate/:uid/console/audit/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The audit log of exports, refunds, reissued receipts and member changes, newest first (owners only)',
        params: api.associateUidParams,
        querystring: api.auditQuery,
        response: { 200: api.auditLog, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'administer');
      return listAudit(app.db, caller.associate.id, request.query);
    },
  );

  app.get(
    '/associate/:uid/console/donor-register/:fiscalYear/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The donor register of one of the associate's fiscal years: per donor their gifts, anonymous gifts apart, totals",
        params: api.donorRegisterParams,
        querystring: api.langQuery,
        response: { 200: api.donorRegisterView, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      const startMonth = await fiscalYearStartMonth(app.db, caller.associate.id);
      const register = await donorRegisterOf(app.db, caller.associate.id, request.params.fiscalYear, startMonth);
      return donorRegisterView(register, request.params.fiscalYear, startMonth, request.query.lang);
    },
  );

  app.get(
    '/associate/:uid/console/donor-register/:fiscalYear/:format/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The donor register as a CSV (UTF-8 with a byte order mark) or a PDF; audited',
        params: api.donorRegisterParams.extend({ format: z.enum(['csv', 'pdf']) }),
        querystring: api.langQuery,
        response: { 200: z.string().describe('text/csv or application/pdf'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { fiscalYear, format } = request.params;
      const { lang } = request.query;
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'export');
      const startMonth = await fiscalYearStartMonth(app.db, caller.associate.id);
      const register = await donorRegisterOf(app.db, caller.associate.id, fiscalYear, startMonth);
      await recordAudit(app.db, caller, {
        action: 'export.donor_register',
        subject: `fiscal_year:${fiscalYear}`,
        rowCount: register.giftCount,
        detail: { format },
      });
      const fileName = `donor-register-${caller.associate.uid}-${fiscalYear}.${format}`;
      const body =
        format === 'csv'
          ? Buffer.from([...donorRegisterCsvLines(register, lang)].join(''), 'utf8')
          : await drawDonorRegister({ register, associateName: caller.associate.name, fiscalYear, fiscalYearStartMonth: startMonth, lang });
      return sendFile(reply, body, format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf', fileName);
    },
  );

  app.get(
    '/associate/:uid/console/members/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The console's members with their roles, and the invitations not yet used (owners only)",
        params: api.associateUidParams,
        response: { 200: api.consoleMembers, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listMembers(app.db, await requireAssociateRole(app.db, request.params.uid, request.userId!, 'administer')),
  );

  app.post(
    '/associate/:uid/console/members/invitations/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Invites an e-mail address to the console with a role: a mailed single-use link (owners only; audited)',
        params: api.associateUidParams,
        body: api.inviteMemberBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'administer');
      await inviteMember(app.db, caller, { ...request.body, webOrigin: app.config.WEB_ORIGIN });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/associate/:uid/console/members/invitations/:invitationId/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Revokes an invitation not yet used (owners only)',
        params: api.invitationParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'administer');
      await revokeInvitation(app.db, caller, request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/associate/:uid/console/members/:userId/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Changes a member's role; the last owner stays an owner (owners only; audited)",
        params: api.memberParams,
        body: api.changeRoleBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'administer');
      await changeMemberRole(app.db, caller, request.params.userId, request.body.role);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/associate/:uid/console/members/:userId/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Removes a member; the last owner cannot be removed (owners only; audited)',
        params: api.memberParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'administer');
      await removeMember(app.db, caller, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/associate-invitations/:code/',
    {
      schema: {
        tags,
        summary: 'What a mailed invitation offers: the associate, the role and the address it was sent to',
        params: api.invitationCodeParams,
        querystring: api.langQuery,
        response: { 200: api.invitationView, ...errorResponses(400, 404) },
      },
    },
    (request) => viewInvitation(app.db, request.params.code, request.query.lang),
  );

  app.post(
    '/associate-invitations/accept/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Accepts a mailed invitation with the signed-in account of the address it was sent to',
        body: api.acceptInvitationBody,
        response: { 200: api.acceptedInvitation, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => acceptInvitation(app.db, request.userId!, request.body.code),
  );
};
