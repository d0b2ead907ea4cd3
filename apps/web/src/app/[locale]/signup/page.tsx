// /signup (spec §2 account routes); the form arrives with the auth issue.
import { staticPage } from '../_components/static-page';

const page = staticPage('pages.signup');
export const generateMetadata = page.generateMetadata;
export default page.Page;
