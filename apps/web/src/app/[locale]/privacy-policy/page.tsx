// /privacy-policy (spec §2).
import { staticPage } from '../_components/static-page';

const page = staticPage('pages.privacy');
export const generateMetadata = page.generateMetadata;
export default page.Page;
