// Per-associate survey questions shown in the donation form, and the answers given with a gift
// (spec §2 "Survey questions (per associate, with choices)", §3 survey_answers).
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, sortOrder, timestamps } from './columns';
import { associates } from './associate';
import { donations } from './donation';
import { recurringDonations } from './recurring';

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    questionEn: text(),
    isRequired: boolean().notNull().default(false),
    allowsMultiple: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    sortOrder: sortOrder(),
    ...timestamps,
  },
  (t) => [index('survey_questions_associate_idx').on(t.associateId)],
);

export const surveyChoices = pgTable(
  'survey_choices',
  {
    id: id(),
    questionId: integer()
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    labelEn: text(),
    sortOrder: sortOrder(),
  },
  (t) => [index('survey_choices_question_idx').on(t.questionId)],
);

/** One row per chosen choice (or free text), attached to a single or a recurring gift. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: id(),
    questionId: integer()
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    choiceId: integer().references(() => surveyChoices.id, { onDelete: 'set null' }),
    text: text(),
    donationId: integer().references(() => donations.id, { onDelete: 'cascade' }),
    recurringDonationId: integer().references(() => recurringDonations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('survey_answers_target_check', sql`${t.donationId} is not null or ${t.recurringDonationId} is not null`),
    index('survey_answers_donation_idx').on(t.donationId),
  ],
);
