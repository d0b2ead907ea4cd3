// /signup (spec §2 account routes): _components/sign-in-page.tsx.
import { signInPage } from '../_components/sign-in-page';

// Rendered per request: the page reads where to go next from the address (ADR 056).
export const dynamic = 'force-dynamic';

const page = signInPage('signup');
export const generateMetadata = page.generateMetadata;
export default page.Page;
