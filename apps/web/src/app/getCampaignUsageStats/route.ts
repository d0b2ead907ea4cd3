// GET /getCampaignUsageStats?campaign=ID&lang= (spec §7): `{content}` says `enabled: false` unless
// the campaign's settings turn usage stats on (spec §9), else what its paid gifts cover (ADR 018).
import { contentFromApi, errorResponse, langQueryOf } from '@/features/site-config/config-response';
import { recordIdOf } from '@/features/site-config/record-id';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const id = recordIdOf(new URL(request.url).searchParams.get('campaign'));
  if (id === undefined) return errorResponse(400, 'validation_failed', 'campaign must be a campaign id');
  return contentFromApi(`/campaign/${id}/usage-stats/`, { lang: langQueryOf(request) });
}
