// GET /urlCard?url= (spec §7): a link preview card {title, description, image, url} for a page of
// this site (associate, campaign, portfolio), built from the API's data. Any other origin is a 400
// and nothing is fetched from it (no SSRF); an unknown record is a 404.
import { errorResponse, contentResponse } from '@/features/site-config/config-response';
import { fetchUrlCard } from '@/features/site-config/fetch-url-card';
import { urlCardTarget } from '@/features/site-config/url-card-target';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const resolution = urlCardTarget(new URL(request.url).searchParams.get('url') ?? '', env.WEB_ORIGIN);
  if (!resolution.ok) return errorResponse(400, resolution.reason, 'url must be an associate, campaign or portfolio page of this site');
  try {
    const card = await fetchUrlCard(resolution.target);
    return card ? contentResponse(card) : errorResponse(404, 'not_found', 'no such page');
  } catch {
    return errorResponse(502, 'bad_gateway', 'the API did not answer');
  }
}
