// Every link of the footer (spec §2 "Footer"). Internal hrefs are locale-less (next-intl adds /en);
// external ones come from configuration so they can be changed without a release.
import type { ServerEnv } from '@/lib/env';

export type FooterLabel =
  | 'exploreBySocialChallenge'
  | 'allAssociates'
  | 'campaigns'
  | 'top'
  | 'brandAssets'
  | 'company'
  | 'blog'
  | 'brandPledge'
  | 'privacyPolicy'
  | 'termsForSupporters'
  | 'termsForAssociates'
  | 'scta'
  | 'help'
  | 'faq'
  | 'associateLanding'
  | 'p2pLanding'
  | 'snsX'
  | 'snsFacebook';

export type FooterLink = { label: FooterLabel; href: string; external: boolean };
export type FooterColumn = { title: 'explore' | 'about' | 'support' | 'services'; links: FooterLink[] };

const internal = (label: FooterLabel, href: string): FooterLink => ({ label, href, external: false });
const external = (label: FooterLabel, href: string): FooterLink => ({ label, href, external: true });

/** Privacy, terms and the notation page: in the About column on small screens, in a row on large ones. */
export const LEGAL_LINKS: readonly FooterLink[] = [
  internal('privacyPolicy', '/privacy-policy'),
  internal('termsForSupporters', '/terms-of-service#supporter-section'),
  internal('termsForAssociates', '/terms-of-service#associate-section'),
  internal('scta', '/scta'),
];

type LinkConfig = Pick<
  ServerEnv,
  | 'ASSOCIATE_LANDING_URL'
  | 'P2P_LANDING_URL'
  | 'COMPANY_URL'
  | 'FAQ_URL'
  | 'BLOG_URL'
  | 'SNS_X_URL'
  | 'SNS_FACEBOOK_URL'
  | 'BRAND_PLEDGE_URL'
>;

export function footerColumns(config: LinkConfig): FooterColumn[] {
  return [
    {
      title: 'explore',
      links: [
        internal('exploreBySocialChallenge', '/explore/associate/social-challenge'),
        internal('allAssociates', '/associate'),
        internal('campaigns', '/campaign'),
        internal('top', '/'),
      ],
    },
    {
      title: 'about',
      links: [
        external('company', config.COMPANY_URL),
        external('blog', config.BLOG_URL),
        internal('brandAssets', '/asset'),
        external('brandPledge', config.BRAND_PLEDGE_URL),
      ],
    },
    {
      title: 'support',
      links: [internal('help', '/help?from=site'), external('faq', config.FAQ_URL)],
    },
    {
      title: 'services',
      links: [external('associateLanding', config.ASSOCIATE_LANDING_URL), external('p2pLanding', config.P2P_LANDING_URL)],
    },
  ];
}

export function socialLinks(config: LinkConfig): FooterLink[] {
  return [external('snsX', config.SNS_X_URL), external('snsFacebook', config.SNS_FACEBOOK_URL)];
}
