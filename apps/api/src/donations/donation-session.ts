// A donation's session: its donation_form_states row (spec §3 "Donation form state", §7
// /donation/{id}/form-state/). It holds the opaque form state the client saves before leaving for
// 3-D Secure and restores on return, and its key is the hash of the `status_token` the creation
// response hands out: a guest (no account) proves with that token that the donation is theirs
// when reading its status or form state. Tokens are random, shown once, stored only hashed; both
// the token and the saved state lapse FORM_STATE_TTL_MS after the last save (spec: 24 h).
// The card kind covers every non-wallet form (card and bank transfer); wallet pay has its own.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { api } from '@kifu/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donationFormStates } from '../db/schema/index';

const KIND = 'card';

function keyOf(token: string): string {
  return `status:${createHash('sha256').update(token).digest('hex')}`;
}

function expiresAt(now: Date): Date {
  return new Date(now.getTime() + api.FORM_STATE_TTL_MS);
}

export interface DonationSessionInput {
  donationId: number;
  recurringDonationId: number | null;
  associateId: number;
  campaignId: number | null;
  userId: number | null;
  formState: string | undefined;
  now: Date;
}

/** Opens the session in the donation's transaction; returns the status token (only ever returned here). */
export async function openDonationSession(tx: Database, input: DonationSessionInput): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.insert(donationFormStates).values({
    key: keyOf(token),
    kind: KIND,
    associateId: input.associateId,
    campaignId: input.campaignId,
    donationId: input.donationId,
    recurringDonationId: input.recurringDonationId,
    userId: input.userId,
    state: input.formState ?? '',
    expiresAt: expiresAt(input.now),
  });
  return token;
}

/** The live session of a donation; with `token`, only when the token is the one issued for it. */
export async function findDonationSession(db: Database, donationId: number, options: { token?: string; now?: Date } = {}) {
  const [session] = await db
    .select()
    .from(donationFormStates)
    .where(
      and(
        eq(donationFormStates.donationId, donationId),
        eq(donationFormStates.kind, KIND),
        gt(donationFormStates.expiresAt, options.now ?? new Date()),
      ),
    )
    .limit(1);
  if (!session) return undefined;
  if (options.token === undefined) return session;
  const expected = Buffer.from(session.key);
  const given = Buffer.from(keyOf(options.token));
  return expected.length === given.length && timingSafeEqual(expected, given) ? session : undefined;
}

/** Saves the form state and restarts the 24 h; false when the donation has no session. */
export async function saveDonationFormState(db: Database, donationId: number, state: string, now: Date = new Date()): Promise<boolean> {
  const saved = await db
    .update(donationFormStates)
    .set({ state, expiresAt: expiresAt(now) })
    .where(and(eq(donationFormStates.donationId, donationId), eq(donationFormStates.kind, KIND)))
    .returning({ id: donationFormStates.id });
  return saved.length > 0;
}
