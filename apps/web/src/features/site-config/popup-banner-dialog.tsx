'use client';
// The top page's popup banner (spec §2 client storage "closed popup banner ids"): a native modal
// <dialog> — focus kept inside, Escape closes — so it costs no dialog library. Loaded only when
// there is a banner to show, and only opened before the visitor's first input (popup-banner.tsx).
import type { PopupBanner } from '@kifu/domain/api/site-config';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

export interface PopupBannerLabels {
  dialog: string;
  close: string;
  newTabHint: string;
}

function BannerLink({ href, newTabHint, children }: { href: string; newTabHint: string; children: ReactNode }) {
  const className = 'block rounded-xl focus-visible:outline-2 focus-visible:outline-brand-500';
  // Paths are this site's pages (next-intl adds /en); an absolute URL leaves in a new tab.
  if (href.startsWith('/')) {
    return (
      <Link href={href} className={className} data-testid="popup-banner-link">
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" data-testid="popup-banner-link">
      {children}
      <span className="sr-only">{newTabHint}</span>
    </a>
  );
}

export interface PopupBannerDialogProps {
  banner: PopupBanner;
  labels: PopupBannerLabels;
  onClose: () => void;
}

export default function PopupBannerDialog({ banner, labels, onClose }: PopupBannerDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={labels.dialog}
      data-testid="popup-banner"
      onClose={onClose}
      // A click on the backdrop lands on the <dialog> itself: close, as the × does.
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
      className="m-auto w-[min(92vw,36rem)] overflow-visible rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="relative p-3 sm:p-4">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          aria-label={labels.close}
          data-testid="popup-banner-close"
          className="absolute -right-3 -top-3 inline-flex size-10 items-center justify-center rounded-full bg-white text-xl font-bold text-slate-700 shadow-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <span aria-hidden="true">×</span>
        </button>
        <BannerLink href={banner.link_url} newTabHint={labels.newTabHint}>
          <img
            src={banner.image_url}
            alt=""
            width={1200}
            height={630}
            className="aspect-[1200/630] w-full rounded-xl bg-slate-100 object-cover"
          />
          <p className="mt-3 px-1 text-center text-base font-bold leading-snug sm:text-lg" data-testid="popup-banner-title">
            {banner.title}
          </p>
        </BannerLink>
      </div>
    </dialog>
  );
}
