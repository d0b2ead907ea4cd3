// Which suspicious-address reasons (spec §5) to ask the supporter to confirm (spec §4 step 2). A
// street of only the block number is fine when the city holds the town the postal lookup filled in
// (packages/domain address.ts), so only then is the lookup asked again; the browser has its answer
// cached from when it filled the form (/api/postal).
import { suspiciousAddressReasons, type AddressLike, type SuspiciousAddressReason } from '@kifu/domain/address';
import { normalisePostalCode } from '@kifu/domain/normalise';

/** The town the postal lookup gives for a 7-digit code; undefined when it does not know or fails. */
export type LookUpPostalTown = (code: string) => Promise<string | undefined>;

export async function addressReasonsToConfirm(
  address: AddressLike,
  lookUpTown: LookUpPostalTown | undefined,
): Promise<SuspiciousAddressReason[]> {
  const reasons = suspiciousAddressReasons(address);
  const code = normalisePostalCode(address.postalCode);
  if (!reasons.includes('streetOnlyDigits') || !lookUpTown || !code) return reasons;
  const town = await lookUpTown(code).catch(() => undefined);
  return suspiciousAddressReasons(address, town);
}
