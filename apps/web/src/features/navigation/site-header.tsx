// Top navigation bar (spec §2): logo, find associates / campaigns, the free promotion for associate
// staff, login or user menu (header-account.tsx), language switch, colour mode switch and the mobile menu. Server-rendered; only the pieces
// that need the browser (scroll hiding, menus, language switch) are client components.
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { ClientEnv } from '@/lib/env';
import { AssociatePromo } from './associate-promo';
import { ColourModeSwitch } from './colour-mode-switch';
import { HeaderFrame } from './header-frame';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { PRIMARY_NAV } from './nav-links';
import { HeaderAccount } from './header-account';

export type SiteHeaderProps = {
  config: ClientEnv;
};

export function SiteHeader({ config }: SiteHeaderProps) {
  const t = useTranslations('nav');
  const siteT = useTranslations('site');
  return (
    <HeaderFrame>
      <div className="mx-auto flex h-full max-w-page-lg items-center gap-4 px-4 md:px-6">
        <Link href="/" data-testid="header-logo" className="shrink-0">
          <Logo label={siteT('logoLabel')} />
        </Link>
        <nav aria-label={t('label')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {PRIMARY_NAV.map((item) => (
              <li key={item.key}>
                <Link href={item.href} className="rounded-full px-3 py-2 text-sm font-semibold text-ink hover:bg-slate-100">
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          {/* Visibility wrappers: a display utility on the same element would fight `hidden`. */}
          <div className="hidden lg:block">
            <AssociatePromo href={config.associateLandingUrl} />
          </div>
          <div className="hidden md:block">
            <LanguageSwitch />
          </div>
          <div className="hidden sm:block">
            <ColourModeSwitch />
          </div>
          <HeaderAccount adminAppUrl={config.adminAppUrl} />
          {/* Below lg the promotion only fits in the menu, so the menu stays available until then. */}
          <div className="lg:hidden">
            <MobileMenu associateLandingUrl={config.associateLandingUrl} />
          </div>
        </div>
      </div>
    </HeaderFrame>
  );
}
