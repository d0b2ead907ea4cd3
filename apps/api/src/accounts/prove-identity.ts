// What a session must show before it changes how the account is reached (ADR 055): a session
// alone is not enough, since a borrowed or stolen one would take the account with it. An account
// with a password gives it; one without (an old social sign-up) must have signed in within
// EMAIL_CHANGE_RECENT_LOGIN_MINUTES, which it can do again through its provider.
import { EMAIL_CHANGE_RECENT_LOGIN_MINUTES } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { authenticatedAtOf } from './access-tokens';
import { hasPassword, verifyPassword } from './passwords';

async function passwordHashOf(db: Database, userId: number): Promise<string | undefined> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.passwordHash;
}

async function requirePassword(storedHash: string | undefined, password: string): Promise<void> {
  if (!(await verifyPassword(storedHash, password))) {
    throw new AppError('validation_failed', 'current_password does not match', { current_password: ['value'] });
  }
}

/** 400 fields.current_password ['value'] unless `password` is the user's (also for a missing user). */
export async function checkCurrentPassword(db: Database, userId: number, password: string): Promise<void> {
  await requirePassword(await passwordHashOf(db, userId), password);
}

export interface IdentityProof {
  currentPassword: string | undefined;
  /** The access token of the request: its session's sign-in time counts for an account without a password. */
  token: string | undefined;
}

export async function proveIdentity(db: Database, userId: number, proof: IdentityProof, now = new Date()): Promise<void> {
  const storedHash = await passwordHashOf(db, userId);
  if (storedHash !== undefined && hasPassword(storedHash)) {
    if (!proof.currentPassword) {
      throw new AppError('validation_failed', 'current_password is required', { current_password: ['required'] });
    }
    return requirePassword(storedHash, proof.currentPassword);
  }
  const signedInAt = proof.token ? await authenticatedAtOf(db, proof.token) : undefined;
  if (!signedInAt || now.getTime() - signedInAt.getTime() > EMAIL_CHANGE_RECENT_LOGIN_MINUTES * 60_000) {
    throw new AppError(
      'forbidden',
      `recent_login_required: sign in again, then change it within ${EMAIL_CHANGE_RECENT_LOGIN_MINUTES} minutes`,
    );
  }
}
