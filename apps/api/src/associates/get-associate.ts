// GET /associate/{uid}/ (spec §7): one published associate with its vision, businesses, team,
// donation setting and prices, membership plans, survey questions and related campaign and
// portfolio ids. Returns null when there is no such public associate. The survey questions are
// also answered on their own (associateSurveyQuestions: /associate/{uid}/donation-survey-questions/
// and /donation/survey-question/), from the same query.
import { KANA_REQUIRED_ASSOCIATE_IDS, type api, type Locale } from '@kifu/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import { currentRevisions } from '../portfolios/current-revisions';
import { isPublicAssociate, toAssociateSummaries } from './associate-summaries';
import { toAssociateBusiness } from './get-associate-business';
import { toAssociateVision } from './get-associate-vision';

/** The associate's active survey questions with their choices, in display order. */
export async function surveyQuestionsOf(db: Database, associateId: number, lang: Locale): Promise<api.AssociateDetail['survey_questions']> {
  const questions = await db
    .select()
    .from(t.surveyQuestions)
    .where(and(eq(t.surveyQuestions.associateId, associateId), eq(t.surveyQuestions.isActive, true)))
    .orderBy(asc(t.surveyQuestions.sortOrder), asc(t.surveyQuestions.id));
  const choices =
    questions.length === 0
      ? []
      : await db
          .select()
          .from(t.surveyChoices)
          .where(
            inArray(
              t.surveyChoices.questionId,
              questions.map((question) => question.id),
            ),
          )
          .orderBy(asc(t.surveyChoices.sortOrder), asc(t.surveyChoices.id));
  const tr = localizer(lang);
  return questions.map((question) => ({
    id: question.id,
    question: tr(question, 'question'),
    is_required: question.isRequired,
    allows_multiple: question.allowsMultiple,
    choices: choices.filter((choice) => choice.questionId === question.id).map((choice) => ({ id: choice.id, label: tr(choice, 'label') })),
  }));
}

async function relatedPortfolioIds(db: Database, associateId: number): Promise<number[]> {
  const current = currentRevisions(db);
  const rows = await db
    .select({ id: t.portfolios.id })
    .from(t.portfolioCompositions)
    .innerJoin(current, eq(current.id, t.portfolioCompositions.revisionId))
    .innerJoin(t.portfolios, eq(t.portfolios.id, current.portfolioId))
    .where(and(eq(t.portfolioCompositions.associateId, associateId), eq(t.portfolios.isPublished, true)))
    .orderBy(asc(t.portfolios.id));
  return rows.map((row) => row.id);
}

/** A published associate's survey questions, by uid or id; null when there is no such public associate. */
export async function associateSurveyQuestions(
  db: Database,
  associate: { uid: string } | { id: number },
  lang: Locale,
): Promise<api.SurveyQuestionList | null> {
  const [row] = await db
    .select({ id: t.associates.id })
    .from(t.associates)
    .where(and('uid' in associate ? eq(t.associates.uid, associate.uid) : eq(t.associates.id, associate.id), isPublicAssociate));
  if (!row) return null;
  const results = await surveyQuestionsOf(db, row.id, lang);
  return { count: results.length, results };
}

export async function getAssociate(db: Database, uid: string, lang: Locale, mediaUrl: MediaUrl): Promise<api.AssociateDetail | null> {
  const [row] = await db
    .select()
    .from(t.associates)
    .where(and(eq(t.associates.uid, uid), isPublicAssociate));
  if (!row) return null;
  const byAssociate = (table: { associateId: AnyPgColumn }) => eq(table.associateId, row.id);
  const [[summary], [vision], businesses, members, [setting], prices, plans, surveyQuestions, campaigns, portfolioIds] = await Promise.all([
    toAssociateSummaries(db, [row], lang, mediaUrl),
    db.select().from(t.associateVisions).where(byAssociate(t.associateVisions)),
    db
      .select()
      .from(t.associateBusinesses)
      .where(byAssociate(t.associateBusinesses))
      .orderBy(asc(t.associateBusinesses.sortOrder), asc(t.associateBusinesses.id)),
    db
      .select()
      .from(t.associateTeamMembers)
      .where(byAssociate(t.associateTeamMembers))
      .orderBy(asc(t.associateTeamMembers.sortOrder), asc(t.associateTeamMembers.id)),
    db.select().from(t.donationSettings).where(byAssociate(t.donationSettings)),
    db
      .select()
      .from(t.donationPrices)
      .where(byAssociate(t.donationPrices))
      .orderBy(asc(t.donationPrices.sortOrder), asc(t.donationPrices.id)),
    db
      .select()
      .from(t.membershipPlans)
      .where(and(byAssociate(t.membershipPlans), eq(t.membershipPlans.isActive, true)))
      .orderBy(asc(t.membershipPlans.sortOrder), asc(t.membershipPlans.id)),
    surveyQuestionsOf(db, row.id, lang),
    db
      .select({ id: t.campaigns.id })
      .from(t.campaigns)
      .where(and(byAssociate(t.campaigns), ne(t.campaigns.status, 'draft')))
      .orderBy(asc(t.campaigns.id)),
    relatedPortfolioIds(db, row.id),
  ]);
  const tr = localizer(lang);
  return {
    ...summary!,
    description: tr(row, 'description'),
    profile: tr(row, 'profile'),
    representative: tr(row, 'representative'),
    established_year: row.establishedYear,
    address: tr(row, 'address'),
    website_url: row.websiteUrl,
    // The facts the receipts print (receipts/receipt-for-document.ts): a number and a date make a certification.
    certification:
      row.certificationNumber && row.certifiedOn
        ? {
            number: row.certificationNumber,
            authority: tr({ authority: row.certificationAuthority ?? '', authorityEn: row.certificationAuthorityEn }, 'authority'),
            certified_on: row.certifiedOn,
            expires_on: row.certificationExpiresOn,
          }
        : null,
    kana_required: KANA_REQUIRED_ASSOCIATE_IDS.includes(row.id),
    vision: toAssociateVision(vision, lang, mediaUrl),
    businesses: businesses.map((business) => toAssociateBusiness(business, lang, mediaUrl)),
    members: members.map((member) => ({
      id: member.id,
      name: tr(member, 'name'),
      role: tr(member, 'role'),
      comment: tr(member, 'comment'),
      image_url: mediaUrl(member.imagePath),
    })),
    donation_setting: {
      core: setting ? tr(setting, 'core') : '',
      detail: setting ? tr(setting, 'detail') : '',
      prices: prices.map((price) => ({
        id: price.id,
        amount: price.amount,
        frequency: price.frequency,
        description: tr(price, 'description'),
      })),
    },
    membership_plans: plans.map((plan) => ({
      id: plan.id,
      name: tr(plan, 'name'),
      description: tr(plan, 'description'),
      unit: plan.unit,
      unit_amount: plan.unitAmount,
      on_month: plan.onMonth,
    })),
    survey_questions: surveyQuestions,
    campaign_ids: campaigns.map((campaign) => campaign.id),
    portfolio_ids: portfolioIds,
  };
}
