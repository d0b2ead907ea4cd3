// GET /api/version (spec §7): `{content: {buildId}}`, the build this server runs. Pages carry the
// build they were made by (BUILD_ID); the update prompt compares the two (spec §2).
import { BUILD_ID } from '@/features/site-config/build-id';
import { contentResponse } from '@/features/site-config/config-response';

export const dynamic = 'force-dynamic';

export function GET() {
  return contentResponse({ buildId: BUILD_ID });
}
