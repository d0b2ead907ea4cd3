// Survey answers (spec §2 survey questions, §3 survey_answers, §7 /donation/survey-answer/): given
// with the donation request (record-donation.ts) or after the fact for a donation the caller may
// read (its signed-in user, or a guest with its status token; 404 for everyone else). Rules, one
// place for both: the questions are the donation associate's active ones, each at most once; the
// choices are their own question's; a single-choice question takes exactly one. After the fact,
// the associate's required questions must all be answered (now or before), and a question
// answered again has its earlier answer replaced — so a repeated POST changes nothing (ADR 015).
import type { api } from '@kifu/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, surveyAnswers, surveyChoices, surveyQuestions } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { checkFollowsGift } from './donation-messages';
import type { DonationRow } from './donation-access';

type Answer = api.SurveyAnswerCreate['survey_answers'][number];

const invalid = (rule: 'value' | 'required') =>
  new AppError(
    'validation_failed',
    rule === 'value' ? "survey answers do not match the associate's questions" : 'a required survey question is not answered',
    { survey_answers: [rule] },
  );

/** Answers must name this associate's active questions and their own choices (one unless multiple). */
export async function checkSurveyAnswers(tx: Database, associateId: number, answers: readonly Answer[]): Promise<void> {
  if (answers.length === 0) return;
  const questionIds = [...new Set(answers.map((answer) => answer.question_id))];
  const questions = await tx
    .select({ id: surveyQuestions.id, allowsMultiple: surveyQuestions.allowsMultiple })
    .from(surveyQuestions)
    .where(and(inArray(surveyQuestions.id, questionIds), eq(surveyQuestions.associateId, associateId), eq(surveyQuestions.isActive, true)));
  const choices = await tx
    .select({ id: surveyChoices.id, questionId: surveyChoices.questionId })
    .from(surveyChoices)
    .where(inArray(surveyChoices.questionId, questionIds));
  const byId = new Map(questions.map((question) => [question.id, question]));
  const valid =
    questionIds.length === answers.length &&
    answers.every((answer) => {
      const question = byId.get(answer.question_id);
      if (!question || answer.choice_ids.length === 0 || new Set(answer.choice_ids).size !== answer.choice_ids.length) return false;
      if (!question.allowsMultiple && answer.choice_ids.length > 1) return false;
      return answer.choice_ids.every((choiceId) => choices.some((choice) => choice.id === choiceId && choice.questionId === question.id));
    });
  if (!valid) throw invalid('value');
}

async function answersOf(tx: Database, donationId: number): Promise<api.SurveyAnswerView> {
  const rows = await tx
    .select({ questionId: surveyAnswers.questionId, choiceId: surveyAnswers.choiceId })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.donationId, donationId))
    .orderBy(asc(surveyAnswers.questionId), asc(surveyAnswers.choiceId));
  const byQuestion = new Map<number, number[]>();
  for (const row of rows) {
    if (row.choiceId === null) continue;
    byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row.choiceId]);
  }
  return { donation_id: donationId, survey_answers: [...byQuestion].map(([question_id, choice_ids]) => ({ question_id, choice_ids })) };
}

/** POST /donation/survey-answer/ for a donation the caller may read (donation-access.ts). */
export async function answerSurvey(db: Database, donation: DonationRow, answers: readonly Answer[]): Promise<api.SurveyAnswerView> {
  checkFollowsGift(donation, 'survey answer');
  return db.transaction(async (tx) => {
    // One writer per donation at a time, so two concurrent sends cannot both replace the same answer.
    await tx.select({ id: donations.id }).from(donations).where(eq(donations.id, donation.id)).for('update');
    await checkSurveyAnswers(tx, donation.associateId, answers);
    const questionIds = answers.map((answer) => answer.question_id);
    const required = await tx
      .select({ id: surveyQuestions.id })
      .from(surveyQuestions)
      .where(
        and(
          eq(surveyQuestions.associateId, donation.associateId),
          eq(surveyQuestions.isActive, true),
          eq(surveyQuestions.isRequired, true),
        ),
      );
    const answeredBefore = new Set((await answersOf(tx, donation.id)).survey_answers.map((answer) => answer.question_id));
    if (required.some((question) => !questionIds.includes(question.id) && !answeredBefore.has(question.id))) throw invalid('required');

    await tx.delete(surveyAnswers).where(and(eq(surveyAnswers.donationId, donation.id), inArray(surveyAnswers.questionId, questionIds)));
    await tx.insert(surveyAnswers).values(
      answers.flatMap((answer) =>
        answer.choice_ids.map((choiceId) => ({
          questionId: answer.question_id,
          choiceId,
          donationId: donation.id,
          recurringDonationId: donation.recurringDonationId,
        })),
      ),
    );
    return answersOf(tx, donation.id);
  });
}
