import { z } from 'zod';
import { imageUrl, langQuery, pageQuery, paginated, socialChallenge } from './common';
import { associateSummary } from './associate';

export const portfolioListQuery = langQuery.extend(pageQuery.shape);

export const portfolioSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  main_visual_url: imageUrl,
  associate_count: z.number().int(),
  social_challenges: z.array(socialChallenge),
});
export type PortfolioSummary = z.infer<typeof portfolioSummary>;
export const portfolioList = paginated(portfolioSummary);
export type PortfolioList = z.infer<typeof portfolioList>;

export const portfolioDetail = portfolioSummary.extend({
  body: z.string(),
  revision: z.number().int(),
  compositions: z.array(
    z.object({
      associate: associateSummary,
      /** Share of each gift in basis points (10000 = 100 %); compositions sum to 10000. */
      share_bp: z.number().int().min(0).max(10000),
    }),
  ),
});
export type PortfolioDetail = z.infer<typeof portfolioDetail>;
