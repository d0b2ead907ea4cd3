// Postal code lookup (spec §5 "Postal code lookup", §7 "Third-party calls"): a zipcloud-compatible
// search read as results[0].address1 (prefecture) and address2 + address3 (city); the town
// (address3) is kept apart too, for the donation form's suspicious-address check
// (features/donate/address/address-check.ts). Failures are ignored: the person simply types the
// address. In lib/ because the joining form looks addresses up too (ADR 078).
import { normalisePostalCode } from '@kifu/domain/normalise';

export interface PostalAddress {
  state: string;
  /** The municipality and the town, as the form's city field takes them. */
  city: string;
  /** The town alone (may be empty: some codes cover a whole municipality). */
  town: string;
}

interface ZipcloudResponse {
  results?: { address1?: unknown; address2?: unknown; address3?: unknown }[] | null;
}

/** Server side: asks the configured search service; undefined when it does not know the code or fails. */
export async function lookUpPostalCode(
  zipcode: string,
  searchUrl: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 5_000,
): Promise<PostalAddress | undefined> {
  const code = normalisePostalCode(zipcode);
  if (!code) return undefined;
  try {
    const url = new URL(searchUrl);
    url.searchParams.set('zipcode', code);
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), cache: 'no-store' });
    if (!response.ok) return undefined;
    const body = (await response.json()) as ZipcloudResponse;
    const first = body.results?.[0];
    if (!first || typeof first.address1 !== 'string') return undefined;
    const text = (part: unknown) => (typeof part === 'string' ? part : '');
    return { state: first.address1, city: `${text(first.address2)}${text(first.address3)}`, town: text(first.address3) };
  } catch {
    return undefined;
  }
}

/**
 * Answers this page has had, by code. The address check at submit asks for the town the form was
 * filled with (address-check.ts): it gets the answer the supporter saw, not a second request that a
 * busy server or a dropped connection can fail, which would flag their block number (ADR 058).
 */
const answered = new Map<string, PostalAddress>();

/** Browser side: the /api/postal route; undefined on any failure. */
export async function fetchPostalAddress(code: string, signal?: AbortSignal): Promise<PostalAddress | undefined> {
  const known = answered.get(code);
  if (known) return known;
  try {
    const response = await fetch(`/api/postal?zipcode=${encodeURIComponent(code)}`, { signal });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Partial<PostalAddress>;
    if (typeof body.state !== 'string' || typeof body.city !== 'string') return undefined;
    const address = { state: body.state, city: body.city, town: typeof body.town === 'string' ? body.town : '' };
    answered.set(code, address);
    return address;
  } catch {
    return undefined;
  }
}
