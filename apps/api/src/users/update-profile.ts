// The public profile of /mypage/profile (spec §3 "profile": nickname, description — 'About me' —
// and the two SNS ids; ADR 031). Absent fields stay as they are; '' clears an SNS id.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userProfiles } from '../db/schema/index';

export interface ProfilePatch {
  nickname?: string;
  description?: string;
  sns_id_twitter?: string;
  sns_id_facebook?: string;
}

export async function updateProfile(db: Database, userId: number, patch: ProfilePatch) {
  const changes = {
    ...(patch.nickname !== undefined ? { nickname: patch.nickname } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.sns_id_twitter !== undefined ? { snsIdTwitter: patch.sns_id_twitter || null } : {}),
    ...(patch.sns_id_facebook !== undefined ? { snsIdFacebook: patch.sns_id_facebook || null } : {}),
  };
  // Every user has a profile row from sign-up; the upsert keeps an older account without one working.
  const [row] = await db
    .insert(userProfiles)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return {
    id: row!.id,
    nickname: row!.nickname,
    description: row!.description,
    snsIdTwitter: row!.snsIdTwitter,
    snsIdFacebook: row!.snsIdFacebook,
  };
}
