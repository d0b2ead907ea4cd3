'use client';
// The campaign dashboard's preview (ADR 036): the public page's own body, filled from the
// team-only preview call, so the owner sees exactly what visitors will see once it is released.
// The dashboard places it (a feature does not import another; the page hands it over).
import type { api } from '@kifu/domain';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { createApiClient } from '@/lib/api-client';
import { CampaignArticle } from './campaign-article';

export function CampaignPreview({ id }: { id: number }) {
  const t = useTranslations('campaign.preview');
  const locale = useLocale();
  const client = useMemo(() => createApiClient('/backend'), []);
  const [detail, setDetail] = useState<api.CampaignDetail | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    client
      .get<api.CampaignDetail>(`/campaign/${id}/preview/`, {
        query: { lang: locale },
        init: { credentials: 'same-origin', cache: 'no-store' },
      })
      .then(setDetail)
      .catch(() => setDetail('failed'));
  }, [client, id, locale, attempt]);
  if (detail === null) return <LoadingStatus>{t('loading')}</LoadingStatus>;
  if (detail === 'failed')
    return <LoadFailed message={t('failed')} retryLabel={t('retry')} onRetry={() => setAttempt((n) => n + 1)} testId="preview-failed" />;
  return <CampaignArticle campaign={detail} fundings={null} />;
}
