'use client';
// Shows the top page's popup banner once the page has loaded (so it never competes with the page's
// own content: Lighthouse), unless this browser closed it before. Only this small loader ships with
// the page; the dialog's code comes when there is a banner to show. Fetch failures are ignored
// (spec §7).
//
// The banner is a modal: opened over a menu the visitor has just opened, or a field they are typing
// in, it takes that away. So it opens only while the visitor has done nothing on the page yet; after
// their first input it stays shut for this page view and, not being closed, shows on the next one
// (ADR 058).
import type { PopupBanner as Banner, PopupBannerList } from '@kifu/domain/api/site-config';
import { useLocale } from 'next-intl';
import { useEffect, useState, type ComponentType } from 'react';
import { firstOpenBanner, readClosedBannerIds, rememberClosedBanner } from './closed-banners';
import type { PopupBannerDialogProps, PopupBannerLabels } from './popup-banner-dialog';

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

/** What a visitor does to the page: a press, a key, a scroll wheel (touches arrive as pointerdown). */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;

/**
 * Watches for the visitor's first input from now on. `happened()` is also true when something has
 * the focus already: a field typed in, or a control reached with Tab, before this page's scripts ran.
 */
function watchFirstInput(): { happened: () => boolean; stop: () => void } {
  let seen = false;
  const onInput = () => {
    seen = true;
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  return {
    happened: () => seen || (document.activeElement !== null && document.activeElement !== document.body),
    stop: () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
    },
  };
}

type Shown = { banner: Banner; Dialog: ComponentType<PopupBannerDialogProps> };

export function PopupBanner({ labels }: { labels: PopupBannerLabels }) {
  const locale = useLocale();
  const [shown, setShown] = useState<Shown | 'held back'>();

  useEffect(() => {
    let active = true;
    const input = watchFirstInput();
    const load = async () => {
      const banner = await loadOpenBanner(locale);
      // The dialog's code is fetched before the last look at the visitor, so nothing comes between.
      const Dialog =
        banner &&
        (await import('./popup-banner-dialog').then(
          (module) => module.default,
          () => undefined,
        ));
      input.stop();
      if (!active || !banner || !Dialog) return;
      setShown(input.happened() ? 'held back' : { banner, Dialog });
    };
    if (document.readyState === 'complete') void load();
    else window.addEventListener('load', load, { once: true });
    return () => {
      active = false;
      input.stop();
      window.removeEventListener('load', load);
    };
  }, [locale]);

  // A marker, so a test can tell "held back" from "not opened yet".
  if (shown === 'held back') return <span hidden data-testid="popup-banner-held-back" />;
  if (!shown) return null;
  const { banner, Dialog } = shown;
  return (
    <Dialog
      banner={banner}
      labels={labels}
      onClose={() => {
        rememberClosedBanner(window.localStorage, banner.id);
        setShown(undefined);
      }}
    />
  );
}
