// /associate/{uid}/business (spec §2): the associate's businesses, each leading to its own page.
import { associateSectionPage } from '@/features/associate/associate-section-page';
import { BusinessList } from '@/features/associate/business-list';
import { noPathsAtBuild } from '@/lib/cached-page';

export const revalidate = 60; // cached page, ADR 020 (src/lib/cached-page.ts)
export const generateStaticParams = noPathsAtBuild;

const page = associateSectionPage({
  section: 'businesses',
  namespace: 'associatePages.businesses',
  content: (associate) => <BusinessList uid={associate.uid} businesses={associate.businesses} />,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
