// /help (spec §2; the footer links it with ?from=site).
import { staticPage } from '../_components/static-page';

const page = staticPage('pages.help');
export const generateMetadata = page.generateMetadata;
export default page.Page;
