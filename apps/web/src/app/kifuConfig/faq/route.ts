// GET /kifuConfig/faq?lang= (spec §7): the published FAQ entries, `{content: {count, results}}`.
import { contentFromApi, langQueryOf } from '@/features/site-config/config-response';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return contentFromApi('/config/faq/', { lang: langQueryOf(request) });
}
