// GET /kifuConfig/campaign (spec §7, "used whole"): every public campaign's settings by campaign id
// (spec §3: "a map by campaign id"); with ?campaign=ID, that campaign's settings ({} when none).
import { contentFromApi, errorResponse } from '@/features/site-config/config-response';
import { recordIdOf } from '@/features/site-config/record-id';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const raw = new URL(request.url).searchParams.get('campaign');
  if (raw === null) return contentFromApi('/config/campaign/');
  const id = recordIdOf(raw);
  if (id === undefined) return errorResponse(400, 'validation_failed', 'campaign must be a campaign id');
  return contentFromApi(`/config/campaign/${id}/`);
}
