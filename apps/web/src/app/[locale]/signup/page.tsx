// /signup (spec §2 account routes): _components/sign-in-page.tsx.
import { signInPage } from '../_components/sign-in-page';

const page = signInPage('signup');
export const generateMetadata = page.generateMetadata;
export default page.Page;
