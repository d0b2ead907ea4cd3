// Locale-aware Link and router: hrefs are written without the locale, next-intl adds /en when needed.
import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
