// Associate calls of spec §7, paths exactly as written there (trailing slashes included).
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { getAssociateActivityReport, listAssociateActivityReports } from './activity-reports';
import { countAssociatesBySocialChallenge } from './count-associates-by-social-challenge';
import { associateSurveyQuestions, getAssociate } from './get-associate';
import { getAssociateBusiness } from './get-associate-business';
import { getAssociateVision } from './get-associate-vision';
import { listAssociates } from './list-associates';

const tags = ['associates'];

export const associateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/associate/',
    {
      schema: {
        tags,
        summary: 'List published associates',
        querystring: api.associateListQuery,
        response: { 200: api.associateList, ...errorResponses(400) },
      },
    },
    (request) => listAssociates(app.db, request.query, app.mediaUrl),
  );

  app.get(
    '/associate/count_by_social_challenges/',
    {
      schema: {
        tags,
        summary: 'Count published associates per social challenge',
        querystring: api.langQuery,
        response: { 200: api.associateCountBySocialChallenges, ...errorResponses(400) },
      },
    },
    (request) => countAssociatesBySocialChallenge(app.db, request.query.lang),
  );

  app.get(
    '/associate/:uid/',
    {
      schema: {
        tags,
        summary: 'One published associate with its vision, businesses, members and donation setting',
        params: api.associateUidParams,
        querystring: api.langQuery,
        response: { 200: api.associateDetail, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const associate = await getAssociate(app.db, request.params.uid, request.query.lang, app.mediaUrl);
      if (!associate) throw new AppError('not_found', `associate ${request.params.uid} not found`);
      return associate;
    },
  );

  app.get(
    '/associate/:uid/vision/',
    {
      schema: {
        tags,
        summary: "A published associate's vision: core, detail, challenge, reason, use of donations and their images",
        params: api.associateUidParams,
        querystring: api.langQuery,
        response: { 200: api.associateVision, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const vision = await getAssociateVision(app.db, request.params.uid, request.query.lang, app.mediaUrl);
      if (!vision) throw new AppError('not_found', `associate ${request.params.uid} not found`);
      return vision;
    },
  );

  app.get(
    '/associate/:uid/activity-reports/',
    {
      schema: {
        tags,
        summary: "A published associate's published activity reports ('what your gift did'), newest first",
        params: api.associateUidParams,
        querystring: api.associateActivityReportListQuery,
        response: { 200: api.associateActivityReportList, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const reports = await listAssociateActivityReports(app.db, request.params.uid, request.query);
      if (!reports) throw new AppError('not_found', `associate ${request.params.uid} not found`);
      return reports;
    },
  );

  app.get(
    '/associate/:uid/activity-reports/:reportId/',
    {
      schema: {
        tags,
        summary: 'One published activity report of a published associate',
        params: api.associateActivityReportParams,
        querystring: api.langQuery,
        response: { 200: api.associateActivityReport, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { uid, reportId } = request.params;
      const report = await getAssociateActivityReport(app.db, uid, reportId, request.query.lang);
      if (!report) throw new AppError('not_found', `activity report ${reportId} of associate ${uid} not found`);
      return report;
    },
  );

  // A static segment wins over :uid in Fastify's router, so this never reads as an associate's page.
  app.get(
    '/associate/business/:id/',
    {
      schema: {
        tags,
        summary: 'One business of a published associate, with the associate it belongs to',
        params: api.associateBusinessParams,
        querystring: api.langQuery,
        response: { 200: api.associateBusinessDetail, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const business = await getAssociateBusiness(app.db, request.params.id, request.query.lang, app.mediaUrl);
      if (!business) throw new AppError('not_found', `business ${request.params.id} not found`);
      return business;
    },
  );

  app.get(
    '/associate/:uid/donation-survey-questions/',
    {
      schema: {
        tags,
        summary: "The associate's active donation survey questions with their choices (as in the associate detail)",
        params: api.associateUidParams,
        querystring: api.langQuery,
        response: { 200: api.surveyQuestionList, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const questions = await associateSurveyQuestions(app.db, { uid: request.params.uid }, request.query.lang);
      if (!questions) throw new AppError('not_found', `associate ${request.params.uid} not found`);
      return questions;
    },
  );
};
