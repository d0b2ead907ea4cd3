'use client';
// /mypage (ADR 057): the home of my page for the signed-in supporter, from GET /user/my_page/home/.
// A signed-out visitor is sent to the login page, which brings them back here (`next`, the full
// path with its locale prefix, as every page that needs login gives it).
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { useRouter } from '@/i18n/navigation';
import { ApiError, createApiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-state';
import { MypageHomeView } from './mypage-home-view';

const japanYear = () => Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date()));

export function MypageHome() {
  const t = useTranslations('mypageHome');
  const locale = useLocale() as Locale;
  const { status, dropSession } = useAuth();
  const router = useRouter();
  const pathname = usePathname();
  const client = useMemo(() => createApiClient('/backend'), []);
  const [home, setHome] = useState<api.MyPageHome | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (status === 'loggedOut') router.replace({ pathname: '/login', query: { next: pathname } });
  }, [status, router, pathname]);

  useEffect(() => {
    if (status !== 'loggedIn') return;
    const controller = new AbortController();
    setHome(null);
    client
      .get<api.MyPageHome>('/user/my_page/home/', {
        query: { lang: locale },
        signal: controller.signal,
        init: { credentials: 'same-origin', cache: 'no-store' },
      })
      .then(setHome)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The session ended at the API: signed out here too, which leads to the login page.
        if (error instanceof ApiError && error.status === 401) void dropSession();
        else setHome('failed');
      });
    return () => controller.abort();
  }, [status, client, locale, attempt, dropSession]);

  if (status === 'initializing') return <LoadingStatus>{t('loading')}</LoadingStatus>;
  if (status === 'loggedOut') return <LoadingStatus testId="home-redirecting">{t('redirecting')}</LoadingStatus>;
  return (
    <MypageHomeView
      home={home === 'failed' ? null : home}
      year={japanYear()}
      failed={
        home === 'failed' ? (
          <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => setAttempt((n) => n + 1)} testId="home-failed" />
        ) : undefined
      }
    />
  );
}
