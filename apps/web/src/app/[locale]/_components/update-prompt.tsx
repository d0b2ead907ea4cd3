'use client';
// Update prompt (spec §2, §9): in production, off embed hosts and outside the donation flow, asks
// GET /api/version every 10 s; once the server runs another build, a persistent toast offers to
// reload, and polling stops for good (also across client-side navigation).
import { VERSION_POLL_MS } from '@kifu/domain/constants';
import { useTranslations } from 'next-intl';
import { usePathname } from '@/i18n/navigation';
import { useEffect, useRef } from 'react';
import { notify } from '@/components/ui/toast';
import { isDonatePath } from '@/lib/donate-paths';
import { BUILD_ID } from '@/features/site-config/build-id';
import { fetchServerBuildId, hasNewerBuild, updateCheckApplies } from '@/features/site-config/update-check';

export function UpdatePrompt() {
  const t = useTranslations('updatePrompt');
  const pathname = usePathname();
  const prompted = useRef(false);

  useEffect(() => {
    const place = { production: process.env.NODE_ENV === 'production', hostname: window.location.hostname, pathname };
    if (prompted.current || !updateCheckApplies(place, isDonatePath)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    // The next ask is scheduled after the answer, so a slow server never has two asks in flight.
    const poll = async () => {
      const serverBuild = await fetchServerBuildId();
      if (!active) return;
      if (!hasNewerBuild(BUILD_ID, serverBuild)) {
        timer = setTimeout(poll, VERSION_POLL_MS);
        return;
      }
      prompted.current = true;
      notify.info(t('message'), {
        id: 'update-prompt',
        closeButton: false,
        action: { label: t('update'), onClick: () => window.location.reload() },
        cancel: { label: t('no'), onClick: () => undefined },
      });
    };
    timer = setTimeout(poll, VERSION_POLL_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [pathname, t]);

  return null;
}
