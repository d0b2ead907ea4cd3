// The lists of the organisation's public page as its console edits them (ADR 070): businesses,
// public team members, preset amounts, membership plan names and the social challenges it works
// on. Each list is sent whole and saved in the page editor's transaction (associate-page.ts): an
// item with an id changes that item of this associate, one without is added, one left out is
// removed — except a membership plan, which supporters' recurring gifts point to: it is retired
// (no longer offered) instead. An id that is not this associate's is refused before anything is
// written, so one organisation can never reach another's rows by guessing ids.
import type { api } from '@kifu/domain';
import { listLanguageWarnings, type ListLanguageWarning } from '@kifu/domain/associate-page';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import {
  associateBusinesses,
  associateSocialChallenges,
  associateTeamMembers,
  donationPrices,
  membershipPlans,
  socialChallenges,
} from '../db/schema/index';
import type { FieldErrors } from '../lib/app-error';
import { demoImagePath } from '../media/demo-image';
import type { MediaUrl } from '../media/media-url';

type BusinessRow = typeof associateBusinesses.$inferSelect;
type MemberRow = typeof associateTeamMembers.$inferSelect;
type PriceRow = typeof donationPrices.$inferSelect;
type PlanRow = typeof membershipPlans.$inferSelect;

export interface PageLists {
  businesses: BusinessRow[];
  members: MemberRow[];
  prices: PriceRow[];
  plans: PlanRow[];
  challengeIds: number[];
  challenges: (typeof socialChallenges.$inferSelect)[];
}

/** The associate's lists in their public order; only active plans (a retired one is no longer offered). */
export async function pageListsOf(db: Database, associateId: number): Promise<PageLists> {
  const [businesses, members, prices, plans, linked, challenges] = await Promise.all([
    db
      .select()
      .from(associateBusinesses)
      .where(eq(associateBusinesses.associateId, associateId))
      .orderBy(asc(associateBusinesses.sortOrder), asc(associateBusinesses.id)),
    db
      .select()
      .from(associateTeamMembers)
      .where(eq(associateTeamMembers.associateId, associateId))
      .orderBy(asc(associateTeamMembers.sortOrder), asc(associateTeamMembers.id)),
    db
      .select()
      .from(donationPrices)
      .where(eq(donationPrices.associateId, associateId))
      .orderBy(asc(donationPrices.sortOrder), asc(donationPrices.id)),
    db
      .select()
      .from(membershipPlans)
      .where(and(eq(membershipPlans.associateId, associateId), eq(membershipPlans.isActive, true)))
      .orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.id)),
    db
      .select({ id: associateSocialChallenges.socialChallengeId })
      .from(associateSocialChallenges)
      .where(eq(associateSocialChallenges.associateId, associateId)),
    db.select().from(socialChallenges).orderBy(asc(socialChallenges.sortOrder), asc(socialChallenges.id)),
  ]);
  const linkedIds = new Set(linked.map((row) => row.id));
  return {
    businesses,
    members,
    prices,
    plans,
    challengeIds: challenges.filter((challenge) => linkedIds.has(challenge.id)).map((challenge) => challenge.id),
    challenges,
  };
}

const en = (value: string | null) => value ?? '';
const orNull = (value: string) => (value === '' ? null : value);

function businessView(row: BusinessRow, mediaUrl: MediaUrl): api.EditableBusiness {
  return {
    id: row.id,
    name: row.name,
    name_en: en(row.nameEn),
    purpose: row.purpose,
    purpose_en: en(row.purposeEn),
    activity: row.activity,
    activity_en: en(row.activityEn),
    result: row.result,
    result_en: en(row.resultEn),
    cost: row.cost,
    cost_en: en(row.costEn),
    detail: row.detail,
    detail_en: en(row.detailEn),
    main_visual_url: mediaUrl(row.mainVisualPath),
  };
}

export function listsView(lists: PageLists, mediaUrl: MediaUrl) {
  return {
    businesses: lists.businesses.map((row) => businessView(row, mediaUrl)),
    members: lists.members.map((row): api.EditableMember => ({
      id: row.id,
      name: row.name,
      name_en: en(row.nameEn),
      role: row.role,
      role_en: en(row.roleEn),
      comment: row.comment,
      comment_en: en(row.commentEn),
      image_url: mediaUrl(row.imagePath),
    })),
    prices: lists.prices.map((row): api.EditablePrice => ({
      id: row.id,
      frequency: row.frequency,
      amount: row.amount,
      description: row.description,
      description_en: en(row.descriptionEn),
    })),
    membership_plans: lists.plans.map((row): api.EditablePlan => ({
      id: row.id,
      name: row.name,
      name_en: en(row.nameEn),
      unit: row.unit,
      unit_amount: row.unitAmount,
      on_month: row.onMonth,
    })),
    social_challenge_ids: lists.challengeIds,
    social_challenge_choices: lists.challenges.map((row) => ({ id: row.id, slug: row.slug, name: row.name, name_en: en(row.nameEn) })),
  };
}

type ListEdit = Pick<api.AssociatePageEditBody, 'businesses' | 'members' | 'prices' | 'membership_plans' | 'social_challenge_ids'>;

/** Every id the edit names that is not one of this associate's rows (or, for challenges, not on the platform's list). */
export function listProblems(lists: PageLists, edit: ListEdit): FieldErrors {
  const problems: FieldErrors = {};
  const checkIds = (list: string, items: readonly { id?: number }[] | undefined, known: readonly { id: number }[]) => {
    const ids = new Set(known.map((row) => row.id));
    const seen = new Set<number>();
    items?.forEach((item, index) => {
      if (item.id === undefined) return;
      if (!ids.has(item.id) || seen.has(item.id)) problems[`${list}.${index}.id`] = ['value'];
      seen.add(item.id);
    });
  };
  checkIds('businesses', edit.businesses, lists.businesses);
  checkIds('members', edit.members, lists.members);
  checkIds('prices', edit.prices, lists.prices);
  checkIds('membership_plans', edit.membership_plans, lists.plans);
  const platform = new Set(lists.challenges.map((row) => row.id));
  edit.social_challenge_ids?.forEach((id, index) => {
    if (!platform.has(id)) problems[`social_challenge_ids.${index}`] = ['value'];
  });
  return problems;
}

/**
 * Deletes the rows left out, changes those kept (texts and place) and adds the new ones. The
 * items' ids were checked by listProblems, and the update is scoped to the associate as well.
 */
async function replaceList<Row extends { id: number }>(
  tx: Database,
  table: typeof associateBusinesses | typeof associateTeamMembers | typeof donationPrices,
  associateId: number,
  items: readonly { id?: number }[],
  columnsOf: (item: never, sortOrder: number) => Partial<Row>,
  newRow: (item: never, sortOrder: number) => Record<string, unknown>,
): Promise<void> {
  const kept = items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  const mine = eq(table.associateId, associateId);
  await tx.delete(table).where(kept.length > 0 ? and(mine, notInArray(table.id, kept)) : mine);
  for (const [index, item] of items.entries()) {
    if (item.id === undefined) await tx.insert(table).values({ associateId, ...newRow(item as never, index) } as never);
    else
      await tx
        .update(table)
        .set(columnsOf(item as never, index) as never)
        .where(and(mine, eq(table.id, item.id)));
  }
}

const bilingualColumns = <F extends string>(fields: readonly F[], item: Record<F | `${F}_en`, string>) =>
  Object.fromEntries(fields.flatMap((field) => [[field, item[field]] as const, [`${field}En`, orNull(item[`${field}_en`])] as const]));

const BUSINESS_FIELDS = ['name', 'purpose', 'activity', 'result', 'cost', 'detail'] as const;
const MEMBER_FIELDS = ['name', 'role', 'comment'] as const;

/** Saves the lists the edit carries, in the caller's transaction; answers the one-language warnings. */
export async function saveLists(
  tx: Database,
  associate: { id: number; mainVisualPath: string },
  lists: PageLists,
  edit: ListEdit,
): Promise<ListLanguageWarning[]> {
  const warnings: ListLanguageWarning[] = [];
  const before = listsView(lists, (path) => path);
  const associateId = associate.id;
  if (edit.businesses) {
    warnings.push(...listLanguageWarnings('businesses', before.businesses, edit.businesses));
    await replaceList<BusinessRow>(
      tx,
      associateBusinesses,
      associateId,
      edit.businesses,
      (item: api.BusinessEdit, sortOrder) => ({ ...bilingualColumns(BUSINESS_FIELDS, item), sortOrder }),
      // A new business shows the organisation's main visual until it has an image of its own.
      (item: api.BusinessEdit, sortOrder) => ({
        ...bilingualColumns(BUSINESS_FIELDS, item),
        sortOrder,
        mainVisualPath: associate.mainVisualPath,
      }),
    );
  }
  if (edit.members) {
    warnings.push(...listLanguageWarnings('members', before.members, edit.members));
    await replaceList<MemberRow>(
      tx,
      associateTeamMembers,
      associateId,
      edit.members,
      (item: api.MemberEdit, sortOrder) => ({ ...bilingualColumns(MEMBER_FIELDS, item), sortOrder }),
      // A new person gets a drawn initial, as the seeded members have, until photos are uploaded here.
      (item: api.MemberEdit, sortOrder) => ({
        ...bilingualColumns(MEMBER_FIELDS, item),
        sortOrder,
        imagePath: demoImagePath('avatar', `associate-${associateId}-${randomBytes(6).toString('hex')}`, [...item.name][0]),
      }),
    );
  }
  if (edit.prices) {
    warnings.push(...listLanguageWarnings('prices', before.prices, edit.prices));
    const columns = (item: api.PriceEdit, sortOrder: number) => ({
      frequency: item.frequency,
      amount: item.amount,
      ...bilingualColumns(['description'] as const, item),
      sortOrder,
    });
    await replaceList<PriceRow>(tx, donationPrices, associateId, edit.prices, columns, columns);
  }
  if (edit.membership_plans) {
    warnings.push(...listLanguageWarnings('membership_plans', before.membership_plans, edit.membership_plans));
    const kept = edit.membership_plans.map((plan) => plan.id);
    const mine = eq(membershipPlans.associateId, associateId);
    await tx
      .update(membershipPlans)
      .set({ isActive: false })
      .where(kept.length > 0 ? and(mine, notInArray(membershipPlans.id, kept)) : mine);
    for (const [sortOrder, plan] of edit.membership_plans.entries()) {
      await tx
        .update(membershipPlans)
        .set({ name: plan.name, nameEn: orNull(plan.name_en), sortOrder })
        .where(and(mine, eq(membershipPlans.id, plan.id)));
    }
  }
  if (edit.social_challenge_ids) {
    await tx.delete(associateSocialChallenges).where(eq(associateSocialChallenges.associateId, associateId));
    if (edit.social_challenge_ids.length > 0)
      await tx
        .insert(associateSocialChallenges)
        .values(edit.social_challenge_ids.map((socialChallengeId) => ({ associateId, socialChallengeId })));
  }
  return warnings;
}
