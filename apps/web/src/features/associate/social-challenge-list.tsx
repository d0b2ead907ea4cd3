// /explore/associate/social-challenge (spec §2): every social challenge with how many published
// associates work on it (count_by_social_challenges), each leading to its own list.
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { socialChallengeHref } from './associate-links';
import type { SocialChallengeCount } from './fetch-social-challenge-counts';

export function SocialChallengeList({ challenges }: { challenges: readonly SocialChallengeCount[] }) {
  const t = useTranslations('associate');
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="social-challenge-list">
      {challenges.map((challenge) => (
        <li key={challenge.slug}>
          <Link
            href={socialChallengeHref(challenge.slug)}
            className="flex h-full items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:border-brand-500 hover:shadow-md"
            data-testid="social-challenge"
          >
            <span className="font-bold">{challenge.name}</span>
            <span
              className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700"
              data-testid="social-challenge-count"
            >
              {t('count', { count: challenge.count })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
