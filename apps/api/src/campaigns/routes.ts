// Campaign calls of spec §7 (read side), paths exactly as written there. Public, read-only, and
// only for released campaigns (published or closed): anything else is a 404 (ADR 004).
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import { getCampaignCustomAuthor, getCampaignStretchTarget } from './campaign-author-and-stretch-target';
import { getCampaignReport, listCampaignReports } from './campaign-reports';
import { getCampaignReward, listCampaignRewards } from './campaign-rewards';
import { listCampaignUsages } from './campaign-usages';
import { getCampaign } from './get-campaign';
import { listCampaigns } from './list-campaigns';

const tags = ['campaigns'];
const campaignParams = z.object({ id: api.rowIdParam });
const errors = errorResponses(400, 404);

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/campaign/',
    {
      schema: {
        tags,
        summary: 'List released campaigns',
        querystring: api.campaignListQuery,
        response: { 200: api.campaignList, ...errorResponses(400) },
      },
    },
    (request) => listCampaigns(app.db, request.query, app.mediaUrl),
  );

  // A static path: Fastify matches it before /campaign/:id/.
  app.get(
    '/campaign/usage/',
    {
      schema: {
        tags,
        summary: 'How a released campaign will use the money (?campaign= its id)',
        querystring: api.campaignUsageQuery,
        response: { 200: api.campaignUsageList, ...errors },
      },
    },
    (request) => listCampaignUsages(app.db, request.query, app.mediaUrl),
  );

  app.get(
    '/campaign/:id/',
    {
      schema: {
        tags,
        summary: 'One released campaign with rewards, usages, reports and a page of supporters’ messages',
        params: campaignParams,
        querystring: api.campaignDetailQuery,
        response: { 200: api.campaignDetail, ...errors },
      },
    },
    (request) => {
      const { lang, message_page: page, message_page_size: page_size } = request.query;
      return getCampaign(app.db, request.params.id, lang, { page, page_size }, app.mediaUrl);
    },
  );

  app.get(
    '/campaign/:id/reports/',
    {
      schema: {
        tags,
        summary: 'Published reports of a released campaign, newest first',
        params: campaignParams,
        querystring: api.campaignItemsQuery,
        response: { 200: api.campaignReportList, ...errors },
      },
    },
    (request) => listCampaignReports(app.db, request.params.id, request.query, app.mediaUrl),
  );

  app.get(
    '/campaign/:id/reports/:reportId/',
    {
      schema: {
        tags,
        summary: 'One published report of a released campaign, with its body and schedules',
        params: campaignParams.extend({ reportId: api.rowIdParam }),
        querystring: api.langQuery,
        response: { 200: api.campaignReportDetail, ...errors },
      },
    },
    (request) => getCampaignReport(app.db, request.params.id, request.params.reportId, request.query.lang, app.mediaUrl),
  );

  // Spec §7 names this segment campaignId; the value is the same campaign id as /campaign/{id}/.
  app.get(
    '/campaign/:id/rewards/',
    {
      schema: {
        tags,
        summary: 'Rewards of a released campaign with stock and sold out',
        params: campaignParams,
        querystring: api.campaignItemsQuery,
        response: { 200: api.campaignRewardList, ...errors },
      },
    },
    (request) => listCampaignRewards(app.db, request.params.id, request.query, app.mediaUrl),
  );

  app.get(
    '/campaign/:id/rewards/:rewardId/',
    {
      schema: {
        tags,
        summary: 'One reward of a released campaign',
        params: campaignParams.extend({ rewardId: api.rowIdParam }),
        querystring: api.langQuery,
        response: { 200: api.campaignReward, ...errors },
      },
    },
    (request) => getCampaignReward(app.db, request.params.id, request.params.rewardId, request.query.lang, app.mediaUrl),
  );

  app.get(
    '/campaign/:id/custom-author/',
    {
      schema: {
        tags,
        summary: 'Who a released campaign names as its author (404 when none)',
        params: campaignParams,
        querystring: api.langQuery,
        response: { 200: api.campaignCustomAuthor, ...errors },
      },
    },
    (request) => getCampaignCustomAuthor(app.db, request.params.id, request.query.lang, app.mediaUrl),
  );

  app.get(
    '/campaign/:id/stretch-target/',
    {
      schema: {
        tags,
        summary: 'The stretch goal of a released campaign (404 when none)',
        params: campaignParams,
        querystring: api.langQuery,
        response: { 200: api.campaignStretchTarget, ...errors },
      },
    },
    (request) => getCampaignStretchTarget(app.db, request.params.id, request.query.lang),
  );
};
