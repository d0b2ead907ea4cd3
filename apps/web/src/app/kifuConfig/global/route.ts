// GET /kifuConfig/global?lang= (spec §7): `{content}` is a map of key to an array of string parts.
import { contentFromApi, langQueryOf } from '@/features/site-config/config-response';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return contentFromApi('/config/global/', { lang: langQueryOf(request) });
}
