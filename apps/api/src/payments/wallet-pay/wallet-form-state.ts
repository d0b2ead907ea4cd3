// The donation form kept across the wallet redirect (spec §4 "after the bank page or the wallet
// page, the supporter lands back on the form with everything restored"; §7
// /donation/wallet-pay-form-state/ and /donation/wallet-pay-form-state/{key}/): the client saves its
// opaque form state before the provider's page and gets a random key back, which travels as
// `donate_session_key` through the provider's return URLs. Only the key's hash is stored; the
// state lapses FORM_STATE_TTL_MS (24 h) after the last save. The wallet donation (update call)
// saves the state again under the same key and links the row to the donation.
import { createHash, randomBytes } from 'node:crypto';
import { api } from '@kifu/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { donationFormStates } from '../../db/schema/index';

const KIND = 'wallet_pay';

function storedKeyOf(key: string): string {
  return `wallet:${createHash('sha256').update(key).digest('hex')}`;
}

const expiresAt = (now: Date) => new Date(now.getTime() + api.FORM_STATE_TTL_MS);

export async function createWalletFormState(db: Database, state: string, now: Date = new Date()): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await db.insert(donationFormStates).values({ key: storedKeyOf(key), kind: KIND, state, expiresAt: expiresAt(now) });
  return key;
}

export async function readWalletFormState(db: Database, key: string, now: Date = new Date()): Promise<string | undefined> {
  const [row] = await db
    .select({ state: donationFormStates.state })
    .from(donationFormStates)
    .where(and(eq(donationFormStates.key, storedKeyOf(key)), eq(donationFormStates.kind, KIND), gt(donationFormStates.expiresAt, now)))
    .limit(1);
  return row?.state;
}

export interface WalletFormStateLink {
  donationId: number;
  recurringDonationId: number | null;
  associateId: number;
  campaignId: number | null;
  userId: number | null;
}

/** Saves `state` under `key` (creating the row if the client never did) and links it to the donation; restarts the 24 h. */
export async function saveWalletFormState(
  tx: Database,
  key: string,
  state: string,
  link: WalletFormStateLink,
  now: Date = new Date(),
): Promise<void> {
  const values = { ...link, state, expiresAt: expiresAt(now) };
  await tx
    .insert(donationFormStates)
    .values({ key: storedKeyOf(key), kind: KIND, ...values })
    .onConflictDoUpdate({ target: donationFormStates.key, set: values, setWhere: eq(donationFormStates.kind, KIND) });
}
