// The older form /associate/{uid}/campaign/create/{type} (spec §2) moved to
// /associate/{uid}/create-campaign/{type}.
import { permanentRedirect } from 'next/navigation';
import { getPathname } from '@/i18n/navigation';
import { resolveLocale } from '@/i18n/resolve-locale';

type Params = Promise<{ locale: string; uid: string; type: string }>;

export default async function OldCreateCampaignPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const { uid, type } = await params;
  permanentRedirect(getPathname({ href: `/associate/${uid}/create-campaign/${type}`, locale }));
}
