// The 'for associate staff' promotion tagged Free (spec §2), linking to the associate landing page.
import { useTranslations } from 'next-intl';
import { Tag } from '@/components/ui/tag';
import { cx } from '@/components/ui/cx';

export function AssociatePromo({ href, className }: { href: string; className?: string }) {
  const t = useTranslations('nav');
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="associate-promo"
      className={cx('inline-flex items-center gap-2 text-sm font-semibold text-ink hover:text-brand-700', className)}
    >
      <Tag tone="brand">{t('free')}</Tag>
      {t('forAssociates')}
    </a>
  );
}
