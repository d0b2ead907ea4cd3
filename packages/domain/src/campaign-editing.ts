// Making and running a campaign (ADR 036, spec §2 create-campaign and the dashboard, §4 release,
// to_private and reward review): who may create which type, the bounds of what an owner types, the
// date rule ('Cannot be set before today.'), the reward review states, and what a campaign needs
// before it can be released. The API enforces these and the dashboard shows them, from here only.
import { dayNumber, japanIsoDate } from './calendar';
import type { CampaignType } from './enums';

/** Types a supporter may start for an associate (peer-to-peer: a birthday or a challenge of their own). */
export const SUPPORTER_CAMPAIGN_TYPES = [1, 2] as const satisfies readonly CampaignType[];
/** An associate's members may start any type. */
export const ASSOCIATE_CAMPAIGN_TYPES = [1, 2, 3, 4, 5, 6] as const satisfies readonly CampaignType[];

export type CampaignRole = 'owner' | 'member';

/**
 * The associate's approval of a campaign a supporter started, before it first goes public (ADR
 * 069): the fundraiser's release asks for it, the associate's owners and staff approve (the
 * campaign goes public) or decline with a reason; a declined campaign may be changed and asked
 * again. Once approved it stays approved, through a return to private and a new release.
 */
export const CAMPAIGN_APPROVAL_STATUSES = ['not_requested', 'requested', 'approved', 'declined'] as const;
export type CampaignApprovalStatus = (typeof CAMPAIGN_APPROVAL_STATUSES)[number];

/**
 * Whether a release must wait for the associate: the campaign was started by someone who does not
 * run the associate, the caller does not run it either, and it was never approved.
 */
export function releaseWaitsForApproval(facts: {
  startedByAssociate: boolean;
  callerRunsAssociate: boolean;
  approval: CampaignApprovalStatus;
}): boolean {
  return !facts.startedByAssociate && !facts.callerRunsAssociate && facts.approval !== 'approved';
}

export function mayCreateCampaignType(type: CampaignType, isAssociateMember: boolean): boolean {
  return (isAssociateMember ? ASSOCIATE_CAMPAIGN_TYPES : SUPPORTER_CAMPAIGN_TYPES).includes(type as never);
}

export const CAMPAIGN_LIMITS = {
  titleMax: 80,
  summaryMax: 200,
  /** The story as sanitised HTML. */
  storyMax: 60_000,
  goalMin: 1_000,
  goalMax: 100_000_000,
  /** The longest a campaign may run, start to end. */
  maxDays: 365,
  itemTitleMax: 80,
  itemDescriptionMax: 2_000,
  rewardsMax: 20,
  usagesMax: 10,
  rewardAmountMin: 1_000,
  rewardAmountMax: 10_000_000,
  rewardStockMax: 100_000,
  authorNameMax: 60,
  reportTitleMax: 120,
  schedulesMax: 12,
  promotionCodeMax: 32,
  replyMax: 1_000,
} as const;

/** A promotion code: letters, digits and hyphens, as printed on a flyer. */
export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

/** Today's date in Japan (YYYY-MM-DD): campaign dates are days in Japan. */
export const japanToday = japanIsoDate;

export type CampaignDateProblem = 'pastDate' | 'endBeforeStart' | 'tooLong';

/**
 * What is wrong with a start and end day (YYYY-MM-DD, in Japan): neither may be before today
 * ('Cannot be set before today.'), the end not before the start, and a campaign runs at most
 * CAMPAIGN_LIMITS.maxDays. A start already in the past is kept when it is unchanged (a running
 * campaign's start stays as it was).
 */
export function campaignDateProblems(
  dates: { startOn: string; endOn: string | null },
  now: Date,
  unchangedStartOn?: string,
): Partial<Record<'start_on' | 'end_on', CampaignDateProblem>> {
  const today = japanToday(now);
  const problems: Partial<Record<'start_on' | 'end_on', CampaignDateProblem>> = {};
  if (dates.startOn < today && dates.startOn !== unchangedStartOn) problems.start_on = 'pastDate';
  if (dates.endOn !== null) {
    if (dates.endOn < today) problems.end_on = 'pastDate';
    else if (dates.endOn < dates.startOn) problems.end_on = 'endBeforeStart';
    else if (daysBetween(dates.startOn, dates.endOn) > CAMPAIGN_LIMITS.maxDays) problems.end_on = 'tooLong';
  }
  return problems;
}

function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The instant a campaign day starts, and the instant after its last day ends (both in Japan). */
export function campaignStartInstant(startOn: string): Date {
  return new Date(`${startOn}T00:00:00+09:00`);
}
export function campaignEndInstant(endOn: string): Date {
  return new Date(Date.parse(`${endOn}T00:00:00+09:00`) + 86_400_000);
}
/** The Japan day of an instant stored as a campaign's start, or the last day of one stored as its end. */
export function campaignStartDay(startAt: Date): string {
  return japanToday(startAt);
}
export function campaignEndDay(endAt: Date): string {
  return japanToday(new Date(endAt.getTime() - 1));
}

/**
 * The review of a campaign's rewards by the platform (spec §4): none asked yet, requested,
 * approved or rejected with a comment. A reward changed after a review needs a new one.
 */
export const REWARD_REVIEW_STATES = ['none', 'requested', 'approved', 'rejected'] as const;
export type RewardReviewState = (typeof REWARD_REVIEW_STATES)[number];

/** Whether the owner may ask for a review now: there are rewards, and none is waiting or already approved as they are. */
export function mayRequestRewardReview(state: RewardReviewState, rewardCount: number): boolean {
  return rewardCount > 0 && (state === 'none' || state === 'rejected');
}

/** The things a campaign must have before release, each shown on the dashboard as done or not. */
export const RELEASE_CHECKS = ['title', 'summary', 'story', 'mainVisual', 'goal', 'endDate', 'rewardsApproved'] as const;
export type ReleaseCheck = (typeof RELEASE_CHECKS)[number];

export interface ReleaseFacts {
  title: string;
  summary: string;
  /** The story's text without its markup. */
  storyText: string;
  hasOwnMainVisual: boolean;
  goalAmount: number;
  endOn: string | null;
  rewardCount: number;
  rewardReview: RewardReviewState;
}

/** Each release check and whether it is met; `endDate` needs an end that is not past. */
export function releaseChecks(facts: ReleaseFacts, now: Date): Record<ReleaseCheck, boolean> {
  return {
    title: facts.title.trim().length > 0,
    summary: facts.summary.trim().length > 0,
    story: facts.storyText.trim().length >= 20,
    mainVisual: facts.hasOwnMainVisual,
    goal: facts.goalAmount >= CAMPAIGN_LIMITS.goalMin,
    endDate: facts.endOn !== null && facts.endOn >= japanToday(now),
    rewardsApproved: facts.rewardCount === 0 || facts.rewardReview === 'approved',
  };
}

export function unmetReleaseChecks(facts: ReleaseFacts, now: Date): ReleaseCheck[] {
  const checks = releaseChecks(facts, now);
  return RELEASE_CHECKS.filter((check) => !checks[check]);
}
