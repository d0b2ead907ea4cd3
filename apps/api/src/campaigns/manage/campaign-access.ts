// Who may run a campaign (ADR 036, spec §6): the user who made it, and the members of its
// associate whose role may manage (owner or staff; ADR 060). Everyone else — a viewer of the
// associate, another user, anonymous — finds nothing there: 404, the same answer as for an id that
// does not exist, so a draft's existence is not given away.
import { ASSOCIATE_ROLES, roleMay, type CampaignRole } from '@kifu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associateMembers, campaigns } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { CampaignRow } from '../campaign-summaries';

/** The console roles that run the associate's campaigns (ADR 060): a viewer reads and runs nothing. */
export const MANAGING_ROLES = ASSOCIATE_ROLES.filter((role) => roleMay(role, 'manage'));

/** Whether the user runs the associate's campaigns: a member whose role may manage (owner or staff). */
export async function isAssociateMember(db: Database, associateId: number, userId: number): Promise<boolean> {
  const [member] = await db
    .select({ id: associateMembers.id })
    .from(associateMembers)
    .where(
      and(
        eq(associateMembers.associateId, associateId),
        eq(associateMembers.userId, userId),
        inArray(associateMembers.role, MANAGING_ROLES),
      ),
    )
    .limit(1);
  return member !== undefined;
}

/**
 * Whether the associate itself started the campaign: no supporter owns it, or its owner runs the
 * associate. Other campaigns wait for the associate's approval before first going public (ADR 069).
 */
export async function startedByAssociate(db: Database, campaign: Pick<CampaignRow, 'userId' | 'associateId'>): Promise<boolean> {
  return campaign.userId === null || isAssociateMember(db, campaign.associateId, campaign.userId);
}

export function roleOf(row: Pick<CampaignRow, 'userId'>, userId: number, member: boolean): CampaignRole | null {
  if (row.userId === userId) return 'owner';
  return member ? 'member' : null;
}

/** The campaign and the caller's role in it, or 404 when the caller has none. */
export async function requireCampaignRole(
  db: Database,
  campaignId: number,
  userId: number,
): Promise<{ campaign: CampaignRow; role: CampaignRole }> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
  const role = campaign ? roleOf(campaign, userId, await isAssociateMember(db, campaign.associateId, userId)) : null;
  if (!campaign || !role) throw new AppError('not_found', `campaign ${campaignId} not found`);
  return { campaign, role };
}
