// PUT/PATCH /user/private_profile/update_me/ (spec §7 "Update private profile (token auth)"; §4: the
// donation flow updates the profile when the entered fields differ, the wallet flow only the names
// and kana). Only the fields given change; a user without a profile row gets one.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userPrivateProfiles } from '../db/schema/index';
import type { PrivateProfilePatch, PrivateProfileResponse } from './private-profile-schema';
import { privateProfileValues, toPrivateProfileResponse } from './private-profile-values';

export async function updatePrivateProfile(db: Database, userId: number, changes: PrivateProfilePatch): Promise<PrivateProfileResponse> {
  const values = privateProfileValues(changes);
  const insert = db.insert(userPrivateProfiles).values({ userId, ...values });
  if (Object.keys(values).length === 0) await insert.onConflictDoNothing({ target: userPrivateProfiles.userId });
  else await insert.onConflictDoUpdate({ target: userPrivateProfiles.userId, set: { ...values, updatedAt: new Date() } });
  const [row] = await db.select().from(userPrivateProfiles).where(eq(userPrivateProfiles.userId, userId));
  return toPrivateProfileResponse(row!);
}
