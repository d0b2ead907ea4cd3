// /login (spec §2 account routes): _components/sign-in-page.tsx.
import { signInPage } from '../_components/sign-in-page';

const page = signInPage('login');
export const generateMetadata = page.generateMetadata;
export default page.Page;
