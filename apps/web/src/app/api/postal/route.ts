// GET /api/postal?zipcode=1000001 → {state, city, town} or {} (spec §5 "Postal code lookup"): the
// donation form's postal lookup, through our server so the page's CSP needs no third-party origin.
import { lookUpPostalCode } from '@/lib/postal-lookup';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const zipcode = new URL(request.url).searchParams.get('zipcode') ?? '';
  const address = await lookUpPostalCode(zipcode, env.POSTAL_LOOKUP_URL);
  return Response.json(address ?? {}, { headers: { 'cache-control': address ? 'public, max-age=86400' : 'no-store' } });
}
