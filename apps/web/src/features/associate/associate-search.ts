// The associate search of /associate (ADR 016): its filters read from the page's
// query string and written back into pagination links, so a filtered list can be paged, shared
// and bookmarked, and the form works as a plain GET without client JavaScript.
import { isUsableText, ORGANISATION_TYPE_IDS, type OrganisationTypeId } from '@kifu/domain';
import { parsePage } from '@/components/ui/pagination-math';

export interface AssociateFilters {
  q?: string;
  socialChallenge?: string;
  organisationType?: OrganisationTypeId;
}

type RawQuery = Record<string, string | string[] | undefined>;

/** The API refuses longer text (wire associateListQuery), so a longer pasted text is cut, not an error page. */
export const SEARCH_TEXT_MAX = 256;
const SLUG = /^[a-z0-9-]{1,64}$/;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Filters from a query string. Anything the API would reject with a 400 (an unknown organisation
 * type, a malformed slug, text with a NUL character) is dropped rather than turned into an error
 * page: a hand-edited URL then shows the wider list instead of failing. A cut that would split an
 * emoji's surrogate pair drops its half.
 */
export function parseAssociateFilters(query: RawQuery): AssociateFilters {
  const q = first(query.q)
    ?.trim()
    .slice(0, SEARCH_TEXT_MAX)
    .replace(/\p{Surrogate}$/u, '');
  const socialChallenge = first(query.social_challenge);
  const organisationType = Number(first(query.organisation_type));
  return {
    q: q && isUsableText(q) ? q : undefined,
    socialChallenge: socialChallenge && SLUG.test(socialChallenge) ? socialChallenge : undefined,
    organisationType: (ORGANISATION_TYPE_IDS as number[]).includes(organisationType) ? (organisationType as OrganisationTypeId) : undefined,
  };
}

export function parseAssociateSearch(query: RawQuery): AssociateFilters & { page: number } {
  return { ...parseAssociateFilters(query), page: parsePage(query.page) };
}

/** The filters as the page's query string (for pagination links), without empty ones. */
export function filtersQuery(filters: AssociateFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.q) query.q = filters.q;
  if (filters.socialChallenge) query.social_challenge = filters.socialChallenge;
  if (filters.organisationType !== undefined) query.organisation_type = String(filters.organisationType);
  return query;
}

export function hasFilters(filters: AssociateFilters): boolean {
  return Object.keys(filtersQuery(filters)).length > 0;
}
