// Demo users with profiles, private profiles, saved cards and associate memberships.
import { hashPassword } from '../accounts/passwords';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { demoImagePath } from '../media/demo-image';
import { DEMO_PASSWORD, DEMO_USERS } from './data/users';
import { SOCIAL_LOGIN_PROVIDER } from '../accounts/social-login';

export const demoEmail = (key: string) => `${key}@kifu.example`;

/** A demo user's private profile: what the donation form sends as the donor of their gifts. */
function personalDetails(user: (typeof DEMO_USERS)[number]) {
  return {
    lastName: user.name[0],
    firstName: user.name[1],
    lastNameKana: user.kana[0],
    firstNameKana: user.kana[1],
    gender: user.gender,
    birthday: user.birthday,
    ...user.address,
    phone: user.phone,
  };
}

/** The donor snapshot a demo user's gift carries. */
export function demoUserDonor(key: string): typeof t.donors.$inferInsert {
  const user = DEMO_USERS.find((candidate) => candidate.key === key);
  if (!user) throw new Error(`no demo user ${key}`);
  return { email: demoEmail(user.key), ...personalDetails(user) };
}

export async function seedUsers(db: Database) {
  // Every demo user shares the documented DEMO_PASSWORD: one argon2id hash (~60 ms) serves them all,
  // each still verifiable on its own.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users = await db
    .insert(t.users)
    .values(
      DEMO_USERS.map((user) => ({
        username: user.key,
        email: demoEmail(user.key),
        passwordHash,
        isStaff: user.isStaff ?? false,
        avatarImagePath: demoImagePath('avatar', `user-${user.key}`, user.nickname.slice(0, 1)),
      })),
    )
    .returning();
  const idOf = new Map(users.map((user) => [user.username, user.id]));
  const userIdOf = (key: string) => idOf.get(key)!;

  const profiles = await db
    .insert(t.userProfiles)
    .values(DEMO_USERS.map((user) => ({ userId: userIdOf(user.key), nickname: user.nickname, description: user.description })))
    .returning();
  const privateProfiles = await db
    .insert(t.userPrivateProfiles)
    .values(DEMO_USERS.map((user) => ({ userId: userIdOf(user.key), ...personalDetails(user) })))
    .returning();
  const creditCards = await db
    .insert(t.userCreditCards)
    .values(
      DEMO_USERS.flatMap((user) =>
        user.card ? [{ userId: userIdOf(user.key), customerCode: `cust_demo_${user.key}`, ...user.card }] : [],
      ),
    )
    .returning();
  // Hanako also signs in with the sandbox's Kifu ID account linked@kifu-id.example (social login, spec §7).
  const socialAccounts = await db
    .insert(t.userSocialAccounts)
    .values({ userId: userIdOf('hanako'), provider: SOCIAL_LOGIN_PROVIDER, subject: 'kifu-id-linked' })
    .returning();
  return { users, profiles, privateProfiles, creditCards, socialAccounts, userIdOf };
}

/** Links users to the associates they administer; runs once the associates exist. */
export function seedAssociateMembers(db: Database, userIdOf: (key: string) => number) {
  return db
    .insert(t.associateMembers)
    .values(DEMO_USERS.flatMap((user) => (user.memberOf ?? []).map((membership) => ({ userId: userIdOf(user.key), ...membership }))))
    .returning();
}
