// Remote configuration read by the web's front-end server routes (spec §7 "/{product}Config/global,
// /campaign, /faq, /top/popupBanner, /getCampaignUsageStats"; ADR 018: backed by the API).
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { campaignUsageStats } from './campaign-usage-stats';
import { listFaqEntries } from './list-faq-entries';
import { listPopupBanners } from './list-popup-banners';
import { readCampaignConfig, readCampaignConfigMap } from './read-campaign-config';
import { readGlobalConfig } from './read-global-config';

const tags = ['site-config'];
const campaignParams = z.object({ id: api.rowIdParam });
const noCampaign = (id: number) => new AppError('not_found', `campaign ${id} not found`);

export const siteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config/global/',
    {
      schema: {
        tags,
        summary: 'Global entries: key → string parts, in the asked language',
        querystring: api.langQuery,
        response: { 200: api.globalConfig, ...errorResponses(400) },
      },
    },
    (request) => readGlobalConfig(app.db, request.query.lang),
  );

  app.get(
    '/config/campaign/',
    {
      schema: { tags, summary: 'Settings of every public campaign that has any, by campaign id', response: { 200: api.campaignConfigMap } },
    },
    () => readCampaignConfigMap(app.db),
  );

  app.get(
    '/config/campaign/:id/',
    {
      schema: {
        tags,
        summary: "One public campaign's settings ({} when none)",
        params: campaignParams,
        response: { 200: api.campaignConfig, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const config = await readCampaignConfig(app.db, request.params.id);
      if (!config) throw noCampaign(request.params.id);
      return config;
    },
  );

  app.get(
    '/config/faq/',
    {
      schema: {
        tags,
        summary: 'Published FAQ entries in display order',
        querystring: api.langQuery,
        response: { 200: api.faqList, ...errorResponses(400) },
      },
    },
    (request) => listFaqEntries(app.db, request.query.lang),
  );

  app.get(
    '/config/popup-banners/',
    {
      schema: {
        tags,
        summary: 'Popup banners active now, in display order',
        querystring: api.langQuery,
        response: { 200: api.popupBannerList, ...errorResponses(400) },
      },
    },
    (request) => listPopupBanners(app.db, request.query.lang, app.mediaUrl),
  );

  app.get(
    '/campaign/:id/usage-stats/',
    {
      schema: {
        tags,
        summary: "What a campaign's paid gifts cover (enabled: false unless its settings turn it on)",
        params: campaignParams,
        querystring: api.langQuery,
        response: { 200: api.campaignUsageStats, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const stats = await campaignUsageStats(app.db, request.params.id, request.query.lang);
      if (!stats) throw noCampaign(request.params.id);
      return stats;
    },
  );
};
