// /associate/{uid}/donate[/payment|/confirmation|/contribution] (spec §2 "Donation flow"): the
// donation form, Amount → Info → Confirm → Done, for the associate or, with ?campaign={id}, for one
// of its campaigns; /associate/{uid}/donate/membership[/…] is the annual membership flow, Plan →
// Info → Confirm → Done, for an associate with membership plans. One page serves every step so the form stays mounted while the steps change
// the URL; the proxy sends these pages with the strict card-form CSP (architecture.md §1).
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { AUTH_COOKIE_NAME } from '@kifu/domain/constants';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessagePanel } from '@/components/ui/message-panel';
import { DonateForm } from '@/features/donate/donate-form';
import { flowBasePath, routeFromSegments } from '@/features/donate/steps/donate-steps';
import { campaignIdOf, fetchDonateTarget } from '@/features/donate/fetch-donate-target';
import { offersMembership } from '@/features/donate/membership/membership-plans';
import { getPathname, Link } from '@/i18n/navigation';
import { resolveLocale } from '@/i18n/resolve-locale';
import { env, toPaymentClientEnv } from '@/lib/env';
import type { SearchParams } from '@/lib/search-params';
import { ClientMessages } from '@/i18n/client-messages';

export const dynamic = 'force-dynamic';

type Params = Promise<{ locale: string; uid: string; step?: string[] }>;

async function load(params: Params, searchParams: SearchParams) {
  const locale = await resolveLocale(params);
  const { uid, step } = await params;
  const campaignId = campaignIdOf((await searchParams).campaign);
  const route = routeFromSegments(step);
  if (!route || campaignId === 'invalid') notFound();
  const target = await fetchDonateTarget(uid, campaignId, locale);
  if (!target || (route.flow === 'membership' && !offersMembership(target))) notFound();
  return { locale, target, flow: route.flow };
}

export async function generateMetadata({ params, searchParams }: { params: Params; searchParams: SearchParams }): Promise<Metadata> {
  const { locale, target, flow } = await load(params, searchParams);
  const t = await getTranslations({ locale, namespace: 'donate' });
  // Spec §2: 'Support Form | {name}', 'Become an Annual Member | {name}' and 'Support Form | {campaign title}', as they are.
  const label = flow === 'membership' ? t('membershipTitle') : t('pageTitle');
  return { title: { absolute: `${label} | ${target.campaign?.title ?? target.associate.name}` }, robots: { index: false } };
}

export default async function DonatePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { locale, target, flow } = await load(params, searchParams);
  if (target.campaign && target.campaign.status !== 'published') {
    const t = await getTranslations('donate');
    return (
      <MessagePanel testId="campaign-closed" title={t('campaignClosedTitle')} message={DONATION_ERRORS.campaignClosed[locale]}>
        <Link href={`/campaign/${target.campaign.id}`} className={buttonClasses({ variant: 'secondary' })}>
          {target.campaign.title}
        </Link>
      </MessagePanel>
    );
  }
  const basePath = flowBasePath(getPathname({ href: `/associate/${target.associate.uid}/donate`, locale }), flow);
  return (
    <ClientMessages add={['donate', 'progress']}>
      {/* Keyed by flow: moving between the gift and the membership starts a fresh form. Whether a
          session cookie came along: only then is the signed-in user worth asking for. */}
      <DonateForm
        key={flow}
        target={target}
        basePath={basePath}
        payment={toPaymentClientEnv(env)}
        flow={flow}
        hasSession={(await cookies()).has(AUTH_COOKIE_NAME)}
      />
    </ClientMessages>
  );
}
