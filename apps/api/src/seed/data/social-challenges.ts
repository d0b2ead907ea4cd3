// Social challenges of the demo (spec §2 explore by social challenge); slugs are URL segments.
export const SOCIAL_CHALLENGES = [
  { slug: 'children', name: '子ども・子育て', nameEn: 'Children & families' },
  { slug: 'poverty', name: '貧困・生活困窮', nameEn: 'Poverty' },
  { slug: 'disaster', name: '災害支援', nameEn: 'Disaster relief' },
  { slug: 'environment', name: '環境・自然保護', nameEn: 'Environment' },
  { slug: 'animals', name: '動物保護', nameEn: 'Animal welfare' },
  { slug: 'medical', name: '医療・福祉', nameEn: 'Medical care & welfare' },
  { slug: 'education', name: '教育・学び', nameEn: 'Education' },
  { slug: 'community', name: '地域づくり', nameEn: 'Community development' },
  { slug: 'international', name: '国際協力', nameEn: 'International cooperation' },
  { slug: 'human-rights', name: '人権・ジェンダー', nameEn: 'Human rights & gender' },
  { slug: 'culture', name: '文化・芸術', nameEn: 'Arts & culture' },
] as const;

export type SocialChallengeSlug = (typeof SOCIAL_CHALLENGES)[number]['slug'];
