// Survey questions and answers after the fact (survey-answers.ts, ADR 015). Not money-moving: no
// idempotency key; answering a question again replaces its answer.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { associateSurveyQuestions } from '../associates/get-associate';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { accessibleDonation } from './donation-access';
import { DONATION_CHECK_RATE_LIMIT, DONATION_READ_RATE_LIMIT, donationTags as tags } from './donation-route-options';
import { perCallerLimit } from '../plugins/rate-limit';
import { answerSurvey } from './survey-answers';

export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/donation/survey-question/',
    {
      config: perCallerLimit(DONATION_READ_RATE_LIMIT),
      schema: {
        tags,
        summary: 'The donation survey questions of ?associate_id= (the same list as /associate/{uid}/donation-survey-questions/)',
        querystring: api.surveyQuestionQuery,
        response: { 200: api.surveyQuestionList, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const questions = await associateSurveyQuestions(app.db, { id: request.query.associate_id }, request.query.lang);
      if (!questions) throw new AppError('not_found', `associate ${request.query.associate_id} not found`);
      return questions;
    },
  );

  app.post(
    '/donation/survey-answer/',
    {
      config: perCallerLimit(DONATION_CHECK_RATE_LIMIT),
      schema: {
        tags,
        summary:
          "Answer the associate's survey for a gift after the fact (paid gifts; bank transfers once issued); a question answered again is replaced. Guests pass donation_token",
        querystring: api.donationAccessQuery,
        body: api.surveyAnswerCreate,
        response: { 200: api.surveyAnswerView, ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (request) => {
      const donation = await accessibleDonation(app.db, request.body.donation_id, {
        userId: request.userId,
        token: request.query.donation_token,
      });
      return answerSurvey(app.db, donation, request.body.survey_answers);
    },
  );
};
