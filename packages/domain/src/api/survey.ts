// Survey calls of spec §7: /associate/{uid}/donation-survey-questions/, /donation/survey-question/
// and /donation/survey-answer/ (ADR 015). Questions have the shape the associate detail carries.
import { z } from 'zod';
import { surveyQuestion } from './associate';
import { langQuery, rowId, rowIdParam } from './common';
import { surveyAnswerPayload } from './donation';

/** An associate's active questions with their choices, in display order: complete, never paged. */
export const surveyQuestionList = z.object({ count: z.number().int(), results: z.array(surveyQuestion) });
export type SurveyQuestionList = z.infer<typeof surveyQuestionList>;

/** GET /donation/survey-question/?associate_id=: the same list as the associate's own route. */
export const surveyQuestionQuery = langQuery.extend({ associate_id: rowIdParam });

/** POST /donation/survey-answer/: answers for a donation after the fact; a question answered again is replaced. */
export const surveyAnswerCreate = z.object({
  donation_id: rowId,
  survey_answers: z.array(surveyAnswerPayload).min(1).max(50),
});
export type SurveyAnswerCreate = z.input<typeof surveyAnswerCreate>;

/** Every answer the donation now has, by question. */
export const surveyAnswerView = z.object({ donation_id: z.number().int(), survey_answers: z.array(surveyAnswerPayload) });
export type SurveyAnswerView = z.infer<typeof surveyAnswerView>;
