// The top page hero: what Kifu is, in one heading and a short lead (spec §1).
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { PageContainer } from '@/components/ui/page-container';
import { Link } from '@/i18n/navigation';

export function HomeHero() {
  const t = useTranslations('top');
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <PageContainer className="grid items-center gap-10 py-14 md:grid-cols-[3fr_2fr] md:py-20">
        <div>
          <p className="text-sm font-bold tracking-widest text-brand-600">{t('heroEyebrow')}</p>
          <h1 data-testid="home-heading" className="mt-3 text-3xl font-extrabold leading-tight tracking-tight md:text-5xl">
            {t('heroHeading')}
          </h1>
          <p className="mt-5 max-w-xl leading-relaxed text-muted">{t('heroLead')}</p>
          <ul className="mt-6 flex flex-col gap-2 text-sm font-semibold">
            {(['heroPoint1', 'heroPoint2', 'heroPoint3'] as const).map((key) => (
              <li key={key} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="inline-flex size-5 items-center justify-center rounded-full bg-brand-500 text-xs text-white"
                >
                  ✓
                </span>
                {t(key)}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href="/associate" className={buttonClasses({ size: 'lg' })}>
              {t('ctaAssociates')}
            </Link>
            <Link href="/campaign" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
              {t('ctaCampaigns')}
            </Link>
          </div>
        </div>
        <HeroIllustration />
      </PageContainer>
    </section>
  );
}

function HeroIllustration() {
  return (
    <svg viewBox="0 0 320 260" width="320" height="260" aria-hidden="true" className="mx-auto hidden h-auto w-full max-w-sm md:block">
      <circle cx="160" cy="130" r="118" fill="#ffe3d6" />
      <circle cx="96" cy="92" r="34" fill="#f0642d" opacity="0.9" />
      <circle cx="226" cy="104" r="26" fill="#0ea5e9" opacity="0.85" />
      <circle cx="196" cy="196" r="30" fill="#10b981" opacity="0.85" />
      <path
        d="M160 208s-52-32-52-69c0-17.5 13.2-30.8 29.4-30.8 10.5 0 18.9 5.6 22.6 14 3.7-8.4 12.1-14 22.6-14 16.2 0 29.4 13.3 29.4 30.8 0 37-52 69-52 69z"
        fill="#fff"
        stroke="#f0642d"
        strokeWidth="6"
      />
    </svg>
  );
}
