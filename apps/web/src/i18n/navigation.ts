// Locale-aware navigation: hrefs are written without the locale, next-intl adds /en when needed.
// `Link` also applies the partial-deployment link mapping (mapped-link.tsx); `SameAppLink` never
// does, for links that must stay on the current page's application (the language switch).
import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

const navigation = createNavigation(routing);

export const { redirect, usePathname, useRouter, getPathname } = navigation;
export const SameAppLink = navigation.Link;
export { Link, LinkMappingProvider } from './mapped-link';
