// /explore/associate/social-challenge (spec §2): every social challenge with its number of
// published associates; each leads to /explore/associate/social-challenge/{slug}.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { fetchSocialChallengeCounts } from '@/features/associate/fetch-social-challenge-counts';
import { SocialChallengeList } from '@/features/associate/social-challenge-list';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { pageAlternates } from '@/lib/page-metadata';
import { settle } from '@/lib/settle';
import { SectionUnavailable } from '../../../_components/section-unavailable';
import { StaticPageBody } from '../../../_components/static-page';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.socialChallenge' });
  const tExplore = await getTranslations({ locale, namespace: 'associatePages.explore' });
  return {
    title: t('title'),
    description: tExplore('description'),
    alternates: pageAlternates('/explore/associate/social-challenge', locale),
  };
}

export default async function SocialChallengePage({ params }: { params: LocaleParams }) {
  const lang = await resolveLocale(params);
  const t = await getTranslations({ locale: lang, namespace: 'pages.socialChallenge' });
  const challenges = await settle(fetchSocialChallengeCounts(lang, 'all'));
  return (
    <StaticPageBody title={t('title')} body={t('body')} width="lg">
      {challenges.ok ? <SocialChallengeList challenges={challenges.value} /> : <SectionUnavailable />}
    </StaticPageBody>
  );
}
