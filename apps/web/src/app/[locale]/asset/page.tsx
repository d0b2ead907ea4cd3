// /asset (spec §2): brand assets.
import { staticPage } from '../_components/static-page';

const page = staticPage('pages.asset');
export const generateMetadata = page.generateMetadata;
export default page.Page;
