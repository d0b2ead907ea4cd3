// Footer (spec §2): columns Explore, About, Support, Services; privacy/terms/notation links sit in
// the About column on small screens and in one row on large screens; © 2021 and the company.
import { useTranslations } from 'next-intl';
import { ExternalLink } from '@/components/ui/external-link';
import { Link } from '@/i18n/navigation';
import type { ServerEnv } from '@/lib/env';
import { footerColumns, LEGAL_LINKS, socialLinks, type FooterLink } from './footer-links';

const linkClass = 'text-sm text-slate-300 hover:text-white hover:underline';

function FooterAnchor({ link, className = linkClass }: { link: FooterLink; className?: string }) {
  const t = useTranslations('footer');
  if (link.external) {
    return (
      <ExternalLink href={link.href} className={className} newTabHint={t('opensInNewTab')} data-testid={`footer-link-${link.label}`}>
        {t(link.label)}
      </ExternalLink>
    );
  }
  return (
    <Link href={link.href} className={className} data-testid={`footer-link-${link.label}`}>
      {t(link.label)}
    </Link>
  );
}

export function SiteFooter({ config }: { config: ServerEnv }) {
  const t = useTranslations('footer');
  return (
    <footer data-testid="site-footer" aria-label={t('label')} className="mt-20 bg-slate-900 text-white">
      <div className="mx-auto max-w-page-lg px-4 py-12 md:px-6">
        <div className="grid grid-cols-2 gap-8 md:grid-cols-4">
          {footerColumns(config).map((column) => (
            <section key={column.title} aria-labelledby={`footer-${column.title}`}>
              <h2 id={`footer-${column.title}`} className="mb-3 text-xs font-bold uppercase tracking-widest text-slate-400">
                {t(column.title)}
              </h2>
              <ul className="flex flex-col gap-2">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <FooterAnchor link={link} />
                  </li>
                ))}
                {column.title === 'about'
                  ? LEGAL_LINKS.map((link) => (
                      <li key={link.label} className="lg:hidden" data-testid="footer-legal-in-column">
                        <FooterAnchor link={link} />
                      </li>
                    ))
                  : null}
              </ul>
            </section>
          ))}
        </div>

        <div className="mt-10 flex flex-col gap-6 border-t border-slate-700 pt-6 lg:flex-row lg:items-center lg:justify-between">
          <nav aria-label={t('legal')} className="hidden lg:block" data-testid="footer-legal-row">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {LEGAL_LINKS.map((link) => (
                <li key={link.label}>
                  <FooterAnchor link={link} className="text-xs text-slate-400 hover:text-white hover:underline" />
                </li>
              ))}
            </ul>
          </nav>
          <ul className="flex gap-4">
            {socialLinks(config).map((link) => (
              <li key={link.label}>
                <FooterAnchor link={link} />
              </li>
            ))}
          </ul>
        </div>
        <p className="mt-6 text-xs text-slate-400" data-testid="footer-copyright">
          {t('copyright', { company: config.COMPANY_NAME })}
        </p>
      </div>
    </footer>
  );
}
