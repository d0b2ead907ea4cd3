// A campaign's public page body (spec §2 /campaign/{id}): header, figures, main visual, author,
// story, usages, rewards, fundraisers, latest reports and messages, and the way to its support
// form. One component for the public page and the dashboard's preview, so the preview is exactly
// what visitors will see.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { CampaignStory } from '@/components/ui/campaign-story';
import { Tag } from '@/components/ui/tag';
import { Link } from '@/i18n/navigation';
import { campaignTypeKey } from '@/lib/campaign-type-name';
import { CampaignAuthor } from './campaign-author';
import { CampaignFunding, CampaignSupportButton } from './campaign-funding';
import { associatePath, campaignMessagesPath, campaignPath, campaignReportsPath } from './campaign-links';
import { CampaignMessageList } from './campaign-message-list';
import { CampaignReportList } from './campaign-report-list';
import { CampaignRewards } from './campaign-rewards';
import { CampaignSupportFundings } from './campaign-support-fundings';
import { CampaignUsages } from './campaign-usages';

/** The page shows the latest few reports; the rest are one link away. */
const LATEST_REPORTS = 3;

function Section({ id, title, children, more }: { id: string; title: string; children: ReactNode; more?: ReactNode }) {
  return (
    <section className="mt-10" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
      {more ? <p className="mt-4 text-right">{more}</p> : null}
    </section>
  );
}

const moreLinkClasses = 'text-sm font-semibold text-brand-700 underline hover:text-brand-600';

export function CampaignArticle({ campaign, fundings }: { campaign: api.CampaignDetail; fundings: api.SupportFundingList | null }) {
  const t = useTranslations('campaign');
  return (
    <article data-testid="campaign-detail">
      <header className="mt-4">
        <div className="flex flex-wrap items-center gap-2">
          <Tag tone="info">{t(`types.${campaignTypeKey(campaign.type)}`)}</Tag>
          {campaign.status === 'closed' ? <Tag>{t('closed')}</Tag> : null}
        </div>
        <h1 className="mt-3 text-2xl font-bold leading-snug tracking-tight md:text-3xl">{campaign.title}</h1>
        {campaign.summary ? <p className="mt-3 leading-relaxed text-muted">{campaign.summary}</p> : null}
        {campaign.parent ? (
          <p className="mt-3 rounded-xl bg-brand-50 p-3 text-sm" data-testid="campaign-parent">
            {t.rich('detail.parentLead', {
              title: campaign.parent.title,
              link: (chunks) => (
                <Link href={campaignPath(campaign.parent!.id)} className="font-semibold text-brand-700 underline underline-offset-2">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        ) : null}
        <p className="mt-4 flex items-center gap-2 text-sm">
          <span className="text-muted">{t('detail.runBy')}</span>
          <Link
            href={associatePath(campaign.associate.uid)}
            className="flex items-center gap-2 font-semibold hover:text-brand-700 hover:underline"
            data-testid="campaign-associate"
          >
            <img
              src={campaign.associate.logo_url}
              alt=""
              width={28}
              height={28}
              className="size-7 rounded-full border border-slate-200 bg-white object-contain"
            />
            {campaign.associate.name}
          </Link>
        </p>
      </header>
      {/* One column no wider than the page on phones: an auto track would grow to its widest
          content and push the page sideways at 320 px (WCAG 1.4.10 reflow, ADR 058). */}
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside className="lg:sticky lg:top-20 lg:order-2 lg:self-start">
          <CampaignFunding campaign={campaign} />
        </aside>
        <div className="min-w-0 lg:order-1">
          <img
            src={campaign.main_visual_url}
            alt=""
            width={1200}
            height={630}
            fetchPriority="high"
            className="aspect-[40/21] w-full rounded-2xl bg-slate-100 object-cover"
            data-testid="campaign-main-visual"
          />
          {campaign.custom_author ? (
            <div className="mt-8">
              <CampaignAuthor author={campaign.custom_author} />
            </div>
          ) : null}
          {campaign.story_html || campaign.body ? (
            <Section id="campaign-story" title={t('detail.story')}>
              <CampaignStory html={campaign.story_html} text={campaign.body} />
            </Section>
          ) : null}
          {campaign.usages.length > 0 ? (
            <Section id="campaign-usages" title={t('detail.usages')}>
              <CampaignUsages usages={campaign.usages} />
            </Section>
          ) : null}
          {campaign.rewards.length > 0 ? (
            <Section id="campaign-rewards" title={t('detail.rewards')}>
              <CampaignRewards campaign={campaign} />
            </Section>
          ) : null}
          {/* A supporter's fundraiser raises for its parent; fundraisers are started from the parent. */}
          {campaign.parent ? null : (
            <Section id="campaign-fundraisers" title={t('fundraisers.title')}>
              <CampaignSupportFundings campaignId={campaign.id} associate={campaign.associate} fundings={fundings} />
            </Section>
          )}
          <Section
            id="campaign-reports"
            title={t('detail.reports')}
            more={
              campaign.reports.length > 0 ? (
                <Link href={campaignReportsPath(campaign.id)} className={moreLinkClasses} data-testid="campaign-all-reports">
                  {t('detail.allReports', { count: campaign.reports.length })}
                </Link>
              ) : null
            }
          >
            <CampaignReportList campaignId={campaign.id} reports={campaign.reports.slice(0, LATEST_REPORTS)} empty={t('reports.empty')} />
          </Section>
          <Section
            id="campaign-messages"
            title={t('detail.messages')}
            more={
              campaign.message_count > 0 ? (
                <Link href={campaignMessagesPath(campaign.id)} className={moreLinkClasses} data-testid="campaign-all-messages">
                  {t('detail.allMessages', { count: campaign.message_count })}
                </Link>
              ) : null
            }
          >
            <CampaignMessageList messages={campaign.messages} empty={t('detail.noMessages')} />
          </Section>
          <div className="mt-10 rounded-2xl bg-brand-50 p-6 text-center">
            <p className="mb-4 font-semibold">{t('detail.supportLead', { title: campaign.title })}</p>
            <div className="mx-auto max-w-sm">
              <CampaignSupportButton campaign={campaign} testId="campaign-support-bottom" />
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}
