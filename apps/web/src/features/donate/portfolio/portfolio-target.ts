// A portfolio gift's target (spec §2 /portfolio/{id}/donate, ADR 010): one charge split across the
// portfolio's current composition. The form's code speaks of `target.associate`; for a portfolio
// that is the portfolio itself as the recipient (its name and visual), whose id is the associate
// whose profile rule applies (the strictest of the mix, as the API checks it). A portfolio gift
// has no presets, survey, membership or reward of its own.
import type { api } from '@kifu/domain';
import { splitByShares } from '@kifu/domain/money';
import { profileAssociateIdOf } from '@kifu/domain/schemas/user-profile';
import type { DonatePortfolioPart, DonateTarget } from '../donate-target';

/** Largest share first, then the smaller associate id: the order the API splits and picks the lead in. */
function byShare(a: DonatePortfolioPart, b: DonatePortfolioPart): number {
  return b.shareBp - a.shareBp || a.associateId - b.associateId;
}

/** null when the portfolio has no composition to give to (treated as not found). */
export function toPortfolioTarget(portfolio: api.PortfolioDetail): DonateTarget | null {
  const compositions = portfolio.compositions
    .map((part) => ({
      associateId: part.associate.id,
      name: part.associate.name,
      logoUrl: part.associate.logo_url,
      shareBp: part.share_bp,
    }))
    .sort(byShare);
  const profileAssociateId = profileAssociateIdOf(compositions.map((part) => part.associateId));
  if (profileAssociateId === undefined) return null;
  return {
    associate: {
      id: profileAssociateId,
      uid: '',
      name: portfolio.name,
      logoUrl: portfolio.main_visual_url,
      isDeductible: portfolio.compositions.every((part) => part.associate.is_deductible),
      prices: [],
      surveyQuestions: [],
      membershipPlans: [],
    },
    campaign: null,
    portfolio: { id: portfolio.id, name: portfolio.name, compositions },
  };
}

export interface PortfolioSplitPart extends DonatePortfolioPart {
  /** The part of the charged total, or null while there is no valid total. */
  amount: number | null;
}

/**
 * The parts of `total` per associate, by the domain's split (exactly what the API records); an
 * associate whose part rounds to 0 yen gets 0 (the API records no part for it).
 */
export function portfolioSplit(parts: readonly DonatePortfolioPart[], total: number | undefined): PortfolioSplitPart[] {
  if (total === undefined || !Number.isSafeInteger(total) || total <= 0) return parts.map((part) => ({ ...part, amount: null }));
  const split = new Map(
    splitByShares(
      total,
      parts.map((part) => ({ key: part.associateId, shareBp: part.shareBp })),
    ).map((part) => [part.key, part.amount]),
  );
  return parts.map((part) => ({ ...part, amount: split.get(part.associateId) ?? 0 }));
}
