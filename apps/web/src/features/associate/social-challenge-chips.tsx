// Explore by social challenge (spec §2): one chip per challenge, linking to that challenge's page.
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { socialChallengeHref } from './associate-links';
import type { SocialChallengeCount } from './fetch-social-challenge-counts';

export function SocialChallengeChips({ challenges }: { challenges: readonly SocialChallengeCount[] }) {
  const t = useTranslations('associate');
  return (
    <ul className="flex flex-wrap gap-2" data-testid="social-challenge-chips">
      {challenges.map((challenge) => (
        <li key={challenge.slug}>
          <Link
            href={socialChallengeHref(challenge.slug)}
            className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:border-brand-500 hover:text-brand-700"
          >
            {challenge.name}
            <span className="text-xs font-normal text-muted">{t('count', { count: challenge.count })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
