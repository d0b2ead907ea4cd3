'use client';
// Shows the top page's popup banner once the page has loaded (so it never competes with the page's
// own content: Lighthouse), unless this browser closed it before. Only this small loader ships with
// the page; the dialog's code comes when there is a banner to show. Fetch failures are ignored
// (spec §7).
import type { PopupBanner as Banner, PopupBannerList } from '@kifu/domain/api/site-config';
import { useLocale } from 'next-intl';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { firstOpenBanner, readClosedBannerIds, rememberClosedBanner } from './closed-banners';
import type { PopupBannerLabels } from './popup-banner-dialog';

const PopupBannerDialog = dynamic(() => import('./popup-banner-dialog'), { ssr: false });

async function loadOpenBanner(locale: string): Promise<Banner | undefined> {
  try {
    const response = await fetch(`/kifuConfig/top/popupBanner?lang=${locale}`);
    if (!response.ok) return undefined;
    const body = (await response.json()) as { content?: PopupBannerList };
    return firstOpenBanner(body.content?.results ?? [], readClosedBannerIds(window.localStorage));
  } catch {
    return undefined;
  }
}

export function PopupBanner({ labels }: { labels: PopupBannerLabels }) {
  const locale = useLocale();
  const [banner, setBanner] = useState<Banner>();

  useEffect(() => {
    let active = true;
    const load = async () => {
      const found = await loadOpenBanner(locale);
      if (active) setBanner(found);
    };
    if (document.readyState === 'complete') void load();
    else window.addEventListener('load', load, { once: true });
    return () => {
      active = false;
      window.removeEventListener('load', load);
    };
  }, [locale]);

  if (!banner) return null;
  return (
    <PopupBannerDialog
      banner={banner}
      labels={labels}
      onClose={() => {
        rememberClosedBanner(window.localStorage, banner.id);
        setBanner(undefined);
      }}
    />
  );
}
