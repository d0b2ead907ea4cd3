// /explore/associate/social-challenge (spec §2): every social challenge with its number of
// associates; each leads to the associate list filtered by that challenge.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { fetchSocialChallengeCounts } from '@/features/associate/fetch-social-challenge-counts';
import { SocialChallengeChips } from '@/features/associate/social-challenge-chips';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { settle } from '@/lib/settle';
import { SectionUnavailable } from '../../../_components/section-unavailable';
import { StaticPageBody } from '../../../_components/static-page';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.socialChallenge' });
  return { title: t('title') };
}

export default async function SocialChallengePage({ params }: { params: LocaleParams }) {
  const lang = await resolveLocale(params);
  const t = await getTranslations({ locale: lang, namespace: 'pages.socialChallenge' });
  const challenges = await settle(fetchSocialChallengeCounts(lang));
  return (
    <StaticPageBody title={t('title')} body={t('body')}>
      {challenges.ok ? <SocialChallengeChips challenges={challenges.value} /> : <SectionUnavailable />}
    </StaticPageBody>
  );
}
