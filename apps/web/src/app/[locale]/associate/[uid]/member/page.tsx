// /associate/{uid}/member (spec §2): the people of the associate.
import { associateSectionPage } from '@/features/associate/associate-section-page';
import { MemberList } from '@/features/associate/member-list';
import { noPathsAtBuild } from '@/lib/cached-page';

export const revalidate = 60; // cached page, ADR 020 (src/lib/cached-page.ts)
export const generateStaticParams = noPathsAtBuild;

const page = associateSectionPage({
  section: 'members',
  namespace: 'associatePages.members',
  content: (associate) => <MemberList members={associate.members} />,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
