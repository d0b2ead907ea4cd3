// The associate pages' own menu (overview, vision, members, businesses, campaigns): plain links,
// the current one marked, scrolling sideways on a phone.
import { useTranslations } from 'next-intl';
import { ASSOCIATE_SECTIONS, associateHref, type AssociateSection } from './associate-links';
import { TabLinks } from './tab-links';

export function AssociateSubNav({ uid, active }: { uid: string; active: AssociateSection }) {
  const t = useTranslations('associatePages.nav');
  return (
    <nav aria-label={t('label')} className="mt-8 border-b border-slate-200" data-testid="associate-sub-nav">
      <TabLinks
        look="tabs"
        links={ASSOCIATE_SECTIONS.map((section) => ({
          key: section,
          href: associateHref(uid, section),
          label: t(section),
          current: section === active,
        }))}
      />
    </nav>
  );
}
