// Writes the console's demo gifts (ADR 062) that plan-console-gifts.ts works out: a few hundred
// gifts to associates 1 and 6 in one multi-row INSERT per table — donors, recurring donations,
// donations, messages, survey answers, virtual accounts, receipts and their counters, recurring
// history — because every test database is seeded and seeding must stay fast. Returns every row.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import type { ConsoleAssociateId } from './data/console-gifts';
import { planConsoleGifts, type ConsoleGiftRefs } from './plan-console-gifts';
import type { seedAssociates } from './seed-associates';

interface Graph {
  associates: Pick<Awaited<ReturnType<typeof seedAssociates>>, 'membershipPlans' | 'surveyQuestions' | 'surveyChoices'>;
  userIdOf: (key: string) => number;
}

const bySortOrder = (a: { sortOrder: number; id: number }, b: { sortOrder: number; id: number }) =>
  a.sortOrder - b.sortOrder || a.id - b.id;

/** An associate's membership plans and survey, in the order its pages show them. */
function associateLookups(graph: Graph) {
  const plansOf = (associateId: number) =>
    graph.associates.membershipPlans.filter((plan) => plan.associateId === associateId).sort(bySortOrder);
  const questionsOf = (associateId: number) => {
    const questions = graph.associates.surveyQuestions.filter((question) => question.associateId === associateId).sort(bySortOrder);
    const heardFrom = questions.find((question) => !question.allowsMultiple);
    const interests = questions.find((question) => question.allowsMultiple);
    if (!heardFrom || !interests) return null;
    const choicesOf = (questionId: number) =>
      graph.associates.surveyChoices.filter((choice) => choice.questionId === questionId).sort(bySortOrder);
    return {
      heardFrom: { question: heardFrom, choices: choicesOf(heardFrom.id) },
      interests: { question: interests, choices: choicesOf(interests.id) },
    };
  };
  const refs: ConsoleGiftRefs = {
    membershipAmount: (associateId: ConsoleAssociateId, index: number) => {
      const plan = plansOf(associateId)[index]!;
      return plan.unit * plan.unitAmount;
    },
    surveyChoiceCounts: (associateId: ConsoleAssociateId) => {
      const survey = questionsOf(associateId);
      return survey && { heardFrom: survey.heardFrom.choices.length, interests: survey.interests.choices.length };
    },
  };
  return { plansOf, questionsOf, refs };
}

export async function seedConsoleGifts(db: Database, graph: Graph, now: Date) {
  const { plansOf, questionsOf, refs } = associateLookups(graph);
  const plan = planConsoleGifts(now, refs);
  const userIdOf = (key: string | null) => (key === null ? null : graph.userIdOf(key));

  const donors = await db.insert(t.donors).values(plan.donors).returning();
  const recurringDonations = await db
    .insert(t.recurringDonations)
    .values(
      plan.recurring.map((recurring) => ({
        ...recurring.row,
        donorId: donors[recurring.donor]!.id,
        userId: userIdOf(recurring.userKey),
        membershipPlanId: recurring.membershipPlan === null ? null : plansOf(recurring.row.associateId!)[recurring.membershipPlan]!.id,
      })),
    )
    .returning();
  const donations = await db
    .insert(t.donations)
    .values(
      plan.gifts.map((gift) => ({
        ...gift.row,
        donorId: donors[gift.donor]!.id,
        userId: userIdOf(gift.userKey),
        recurringDonationId: gift.recurring === null ? null : recurringDonations[gift.recurring]!.id,
      })),
    )
    .returning();
  const given = plan.gifts.map((gift, index) => ({ gift, donation: donations[index]! }));

  const donationMessages = await db
    .insert(t.donationMessages)
    .values(
      given.flatMap(({ gift, donation }) =>
        gift.message
          ? [
              {
                donationId: donation.id,
                associateId: donation.associateId,
                userId: donation.userId,
                type: donation.type,
                message: gift.message.text,
                publishedFrom: gift.message.publishedFrom,
                isNamePublic: gift.message.isNamePublic,
                createdAt: donation.createdAt,
                updatedAt: donation.createdAt,
              },
            ]
          : [],
      ),
    )
    .returning();
  const surveyAnswers = await db
    .insert(t.surveyAnswers)
    .values(
      given.flatMap(({ gift, donation }) => {
        const survey = gift.survey && questionsOf(donation.associateId);
        if (!gift.survey || !survey) return [];
        const answer = (part: typeof survey.heardFrom, choice: number) => ({
          questionId: part.question.id,
          choiceId: part.choices[choice]!.id,
          donationId: donation.id,
          createdAt: donation.createdAt,
        });
        return [
          answer(survey.heardFrom, gift.survey.heardFrom),
          ...gift.survey.interests.map((choice) => answer(survey.interests, choice)),
        ];
      }),
    )
    .returning();
  const virtualAccounts = await db
    .insert(t.virtualAccounts)
    .values(given.flatMap(({ gift, donation }) => (gift.account ? [{ ...gift.account, donationId: donation.id }] : [])))
    .returning();
  const receipts = await db
    .insert(t.receipts)
    .values(
      given.flatMap(({ gift, donation }) =>
        gift.receipt
          ? [
              {
                kind: 'gift' as const,
                associateId: donation.associateId,
                year: gift.receipt.year,
                sequence: gift.receipt.sequence,
                number: gift.receipt.number,
                donationId: donation.id,
                userId: donation.userId,
                donorId: donation.donorId!,
                amount: donation.amount,
                donationIds: [donation.id],
                issuedAt: gift.receipt.issuedAt,
                lastIssuedAt: gift.receipt.issuedAt,
                issueCount: 1,
              },
            ]
          : [],
      ),
    )
    .returning();
  // The next receipt an associate issues in one of these years takes the number after the last one here.
  const receiptCounters = await db
    .insert(t.receiptCounters)
    .values(plan.receiptCounters)
    .onConflictDoUpdate({
      target: [t.receiptCounters.associateId, t.receiptCounters.year],
      set: { lastSequence: sql`greatest(${t.receiptCounters.lastSequence}, excluded.last_sequence)` },
    })
    .returning();
  const recurringDonationChanges = await db
    .insert(t.recurringDonationChanges)
    .values(
      plan.recurring.flatMap((recurring, index) =>
        recurring.changes.map((change) => ({ ...change, recurringDonationId: recurringDonations[index]!.id })),
      ),
    )
    .returning();

  return {
    donors,
    recurringDonations,
    donations,
    donationMessages,
    surveyAnswers,
    virtualAccounts,
    receipts,
    receiptCounters,
    recurringDonationChanges,
  };
}
