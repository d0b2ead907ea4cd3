// Campaigns with rewards, reward checks, usages, reports and schedules, custom author, stretch
// goal, a promotion code and a support funding (spec §3 "Campaign aggregate").
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { CAMPAIGN_TEMPLATES } from './data/campaign-templates';
import { demoImagePath } from '../media/demo-image';
import { CAMPAIGNS, type CampaignSeed } from './data/campaigns';

const DAY_MS = 86_400_000;

export async function seedCampaigns(db: Database, userIdOf: (key: string) => number, now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const byKey = new Map<string, typeof t.campaigns.$inferSelect>();
  // One by one, in order, so a support funding's parent already has its id.
  for (const seed of CAMPAIGNS) {
    const parent = seed.parentKey ? byKey.get(seed.parentKey) : undefined;
    if (seed.parentKey && !parent) throw new Error(`campaign ${seed.key}: parent ${seed.parentKey} must come first`);
    const [row] = await db
      .insert(t.campaigns)
      .values({
        associateId: seed.associateId,
        userId: seed.userKey ? userIdOf(seed.userKey) : null,
        parentId: parent?.id,
        type: seed.type,
        status: seed.status,
        title: seed.title[0],
        titleEn: seed.title[1],
        summary: seed.summary[0],
        summaryEn: seed.summary[1],
        body: seed.body[0],
        bodyEn: seed.body[1],
        mainVisualPath: demoImagePath('visual', `campaign-${seed.key}`),
        goalAmount: seed.goalAmount,
        startAt: at(-seed.startDaysAgo),
        endAt: seed.durationDays === null ? null : at(seed.durationDays - seed.startDaysAgo),
        releasedAt: seed.status === 'draft' ? null : at(-seed.startDaysAgo),
        // A supporter's campaign that is public went through its associate's approval (ADR 069).
        ...(seed.approvalRequested
          ? { approvalStatus: 'requested' as const, approvalRequestedAt: at(-seed.approvalRequested.daysAgo) }
          : seed.userKey && seed.status !== 'draft'
            ? { approvalStatus: 'approved' as const, approvalDecidedAt: at(-seed.startDaysAgo) }
            : {}),
      })
      .returning();
    byKey.set(seed.key, row!);
  }
  const campaignOf = (seed: CampaignSeed) => byKey.get(seed.key)!;
  const each = <R>(rows: (seed: CampaignSeed, campaignId: number) => R[]) => CAMPAIGNS.flatMap((seed) => rows(seed, campaignOf(seed).id));

  const rewards = await db
    .insert(t.campaignRewards)
    .values(
      each((seed, campaignId) =>
        (seed.rewards ?? []).map((reward, index) => ({
          campaignId,
          title: reward.title[0],
          titleEn: reward.title[1],
          description: reward.description[0],
          descriptionEn: reward.description[1],
          amount: reward.amount,
          stock: reward.stock,
          appliedCount: reward.appliedCount,
          shippingMonth: reward.shippingMonth,
          imagePath: demoImagePath('reward', `${seed.key}-r${index}`),
          sortOrder: index,
        })),
      ),
    )
    .returning();
  const rewardChecks = await db
    .insert(t.campaignRewardChecks)
    .values(
      each((seed, campaignId) => (seed.rewards ? [{ campaignId, status: 'approved' as const, reviewedAt: campaignOf(seed).startAt }] : [])),
    )
    .returning();
  const usages = await db
    .insert(t.campaignUsages)
    .values(
      each((seed, campaignId) =>
        (seed.usages ?? []).map((usage, index) => ({
          campaignId,
          title: usage.title[0],
          titleEn: usage.title[1],
          description: usage.description[0],
          descriptionEn: usage.description[1],
          amount: usage.amount,
          imagePath: demoImagePath('business', `${seed.key}-u${index}`),
          sortOrder: index,
        })),
      ),
    )
    .returning();
  const reports = await db
    .insert(t.campaignReports)
    .values(
      each((seed, campaignId) =>
        (seed.reports ?? []).map((report, index) => ({
          campaignId,
          title: report.title[0],
          titleEn: report.title[1],
          body: report.body[0],
          bodyEn: report.body[1],
          mainVisualPath: demoImagePath('report', `${seed.key}-report${index}`),
          publishedAt: report.daysAgo === null ? null : at(-report.daysAgo),
        })),
      ),
    )
    .returning();
  const reportsOf = (campaignId: number) => reports.filter((report) => report.campaignId === campaignId);
  const reportSchedules = await db
    .insert(t.campaignReportSchedules)
    .values(
      each((seed, campaignId) =>
        (seed.schedules ?? []).map((schedule) => ({
          campaignId,
          reportId: schedule.reportIndex === undefined ? null : reportsOf(campaignId)[schedule.reportIndex]!.id,
          title: schedule.title[0],
          titleEn: schedule.title[1],
          dueOn: at(schedule.dueInDays).toISOString().slice(0, 10),
        })),
      ),
    )
    .returning();
  const customAuthors = await db
    .insert(t.campaignCustomAuthors)
    .values(
      each((seed, campaignId) =>
        seed.customAuthor
          ? [
              {
                campaignId,
                name: seed.customAuthor.name[0],
                nameEn: seed.customAuthor.name[1],
                description: seed.customAuthor.description[0],
                descriptionEn: seed.customAuthor.description[1],
                imagePath: demoImagePath('avatar', `${seed.key}-author`, seed.customAuthor.name[0].slice(0, 1)),
              },
            ]
          : [],
      ),
    )
    .returning();
  const stretchGoals = await db
    .insert(t.campaignStretchGoals)
    .values(
      each((seed, campaignId) =>
        seed.stretchGoal
          ? [
              {
                campaignId,
                targetAmount: seed.stretchGoal.targetAmount,
                description: seed.stretchGoal.description[0],
                descriptionEn: seed.stretchGoal.description[1],
              },
            ]
          : [],
      ),
    )
    .returning();
  const supportFundings = await db
    .insert(t.campaignSupportFundings)
    .values(
      each((seed, campaignId) => {
        const parent = seed.parentKey ? byKey.get(seed.parentKey) : undefined;
        return parent
          ? [
              {
                campaignId: parent.id,
                fundingCampaignId: campaignId,
                userId: seed.userKey ? userIdOf(seed.userKey) : null,
                type: seed.type,
              },
            ]
          : [];
      }),
    )
    .returning();
  const discounts = await db
    .insert(t.campaignDiscounts)
    .values({ campaignId: byKey.get('winter-meals')!.id, code: 'WINTER500', discountAmount: 500 })
    .returning();
  return {
    campaigns: [...byKey.values()],
    campaignByKey: byKey,
    rewards,
    rewardChecks,
    usages,
    reports,
    reportSchedules,
    customAuthors,
    stretchGoals,
    supportFundings,
    discounts,
  };
}

/** Every associate's campaign templates, one per type (data/campaign-templates.ts). */
export function seedCampaignTemplates(db: Database, associates: readonly { id: number; name: string; nameEn: string | null }[]) {
  return db
    .insert(t.associateCampaignTemplates)
    .values(
      associates.flatMap((associate) =>
        CAMPAIGN_TEMPLATES.map((template) => ({
          associateId: associate.id,
          type: template.type,
          title: template.title[0].replaceAll('{associate}', associate.name),
          titleEn: template.title[1].replaceAll('{associate}', associate.nameEn ?? associate.name),
          body: template.body[0].replaceAll('{associate}', associate.name),
          bodyEn: template.body[1].replaceAll('{associate}', associate.nameEn ?? associate.name),
        })),
      ),
    )
    .returning();
}
