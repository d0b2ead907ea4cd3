import type { api } from '@kifu/domain';
import { DonationType } from '@kifu/domain/enums';
import { splitByShares } from '@kifu/domain/money';
import { describe, expect, it } from 'vitest';
import { buildDonation } from '../submit/build-request';
import { entryKeyOf, targetPathOf } from '../donate-target';
import { amountStepSchema, infoStepSchema, paymentMethodsOf } from '../form/step-validation';
import { makeValues } from '../test-fixtures';
import { portfolioSplit, toPortfolioTarget } from './portfolio-target';
import { sharePercent } from '@/lib/share-percent';

function associate(id: number, name: string, deductible = true): api.AssociateSummary {
  return {
    id,
    uid: `a${id}`,
    name,
    catch_copy: '',
    organisation_type: 1,
    organisation_type_label: '',
    prefecture: '',
    social_challenges: [],
    logo_url: `/l${id}.svg`,
    main_visual_url: '/v.svg',
    is_deductible: deductible,
    supporter_count: 0,
  };
}

function portfolio(shares: [number, number][], deductible = true): api.PortfolioDetail {
  return {
    id: 7,
    name: '地球とともにポートフォリオ',
    description: '',
    main_visual_url: '/p.svg',
    associate_count: shares.length,
    social_challenges: [],
    body: '',
    revision: 2,
    compositions: shares.map(([id, share_bp]) => ({ associate: associate(id, `団体${id}`, deductible), share_bp })),
  };
}

describe('a portfolio target', () => {
  it('orders the associates as the API splits them and answers the strictest profile rule', () => {
    const target = toPortfolioTarget(
      portfolio([
        [12, 2000],
        [6, 3000],
        [29, 2000],
        [1, 3000],
      ]),
    )!;
    expect(target.portfolio!.compositions.map((part) => part.associateId)).toEqual([1, 6, 12, 29]);
    // Associate 29 needs phonetic names: its rule is the whole gift's.
    expect(target.associate.id).toBe(29);
    expect(target.associate.name).toBe('地球とともにポートフォリオ');
    expect(entryKeyOf(target)).toBe('portfolio:7');
    expect(targetPathOf(target)).toBe('/portfolio/7');
    expect(toPortfolioTarget(portfolio([]))).toBeNull();
  });

  it('needs phonetic names on the Info step only when an associate of the mix does', () => {
    const values = makeValues();
    const strict = toPortfolioTarget(
      portfolio([
        [1, 5000],
        [29, 5000],
      ]),
    )!;
    const relaxed = toPortfolioTarget(
      portfolio([
        [2, 4000],
        [11, 3500],
        [14, 2500],
      ]),
    )!;
    const now = new Date();
    expect(infoStepSchema({ target: strict, now }, values).safeParse(values).success).toBe(false);
    expect(infoStepSchema({ target: relaxed, now }, values).safeParse(values).success).toBe(true);
  });

  it('previews exactly the split the API records, for every amount', () => {
    const target = toPortfolioTarget(
      portfolio([
        [2, 4000],
        [11, 3500],
        [14, 2500],
      ]),
    )!;
    const parts = target.portfolio!.compositions;
    expect(portfolioSplit(parts, 5_000).map((part) => part.amount)).toEqual([2_000, 1_750, 1_250]);
    for (const total of [1, 3, 1_001, 10_001, 99_999]) {
      const preview = portfolioSplit(parts, total);
      expect(preview.reduce((sum, part) => sum + (part.amount ?? 0), 0)).toBe(total);
      const recorded = splitByShares(
        total,
        parts.map((part) => ({ key: part.associateId, shareBp: part.shareBp })),
      );
      expect(preview.filter((part) => part.amount! > 0).map((part) => [part.associateId, part.amount])).toEqual(
        recorded.map((part) => [part.key, part.amount]),
      );
    }
    expect(portfolioSplit(parts, undefined).every((part) => part.amount === null)).toBe(true);
    expect(sharePercent(3500)).toBe('35');
    expect(sharePercent(3333)).toBe('33.33');
  });

  it('offers card and bank transfer but no wallet pay, and sends the portfolio without survey or message', () => {
    const target = toPortfolioTarget(
      portfolio([
        [2, 4000],
        [11, 3500],
        [14, 2500],
      ]),
    )!;
    expect(paymentMethodsOf(target)).toEqual(['creditCard', 'bankTransfer']);
    const wallet = makeValues({ paymentMethod: 'walletPay', survey: {} });
    expect(amountStepSchema({ target, now: new Date() }, wallet).safeParse(wallet).success).toBe(false);
    const values = makeValues({ amount: '5000', survey: {} });
    expect(amountStepSchema({ target, now: new Date() }, values).safeParse(values).success).toBe(true);
    const built = buildDonation(values, target, 'ja');
    expect(built.base).toMatchObject({
      type: DonationType.PORTFOLIO,
      portfolio_id: 7,
      campaign_id: null,
      reward_id: null,
      survey_answers: [],
      amount: 5_000,
    });
    expect(built.total).toBe(5_000);
  });

  it('calls the receipt deductible only when every associate of the mix is', () => {
    expect(
      toPortfolioTarget(
        portfolio([
          [2, 5000],
          [11, 5000],
        ]),
      )!.associate.isDeductible,
    ).toBe(true);
    expect(
      toPortfolioTarget(
        portfolio(
          [
            [2, 5000],
            [11, 5000],
          ],
          false,
        ),
      )!.associate.isDeductible,
    ).toBe(false);
  });
});
