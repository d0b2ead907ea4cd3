// GET /kifuConfig/top/popupBanner?lang= (spec §7): the top page's banners active now,
// `{content: {count, results}}`; the top page shows the first one the visitor has not closed.
import { contentFromApi, langQueryOf } from '@/features/site-config/config-response';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return contentFromApi('/config/popup-banners/', { lang: langQueryOf(request) });
}
