import type { api } from '@kifu/domain';
import { publicGet } from '@/lib/api-server';
import type { AppLocale } from '@/i18n/routing';

export function fetchAssociates(options: {
  lang: AppLocale;
  page?: number;
  pageSize?: number;
  q?: string;
  socialChallenge?: string;
  organisationType?: number;
}) {
  return publicGet<api.AssociateList>('/associate/', {
    lang: options.lang,
    page: options.page,
    page_size: options.pageSize,
    q: options.q,
    social_challenge: options.socialChallenge,
    organisation_type: options.organisationType,
  });
}
