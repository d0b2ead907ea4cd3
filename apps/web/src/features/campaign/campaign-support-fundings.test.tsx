import type { api } from '@kifu/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderInLocale } from '@/test/render-in-locale';
import { CampaignSupportFundings } from './campaign-support-fundings';

// The locale-aware Link needs Next's router; a plain anchor renders the same text here.
vi.mock('@/i18n/navigation', () => import('@/test/render-in-locale').then((module) => module.plainNavigation));

const fundings: api.SupportFundingList = {
  campaign_id: 3,
  raised_by_children: 40_000,
  results: [
    { id: 11, title: 'はなこの誕生日チャレンジ', owner_name: 'はなこ', raised_amount: 30_000, supporter_count: 6, share_percent: 75 },
    { id: 12, title: 'けんたの100km歩く', owner_name: 'けんた', raised_amount: 10_000, supporter_count: 2, share_percent: 25 },
  ],
};

const render = (value: api.SupportFundingList | null, locale: 'ja' | 'en' = 'ja') =>
  renderInLocale(
    <CampaignSupportFundings campaignId={3} associate={{ uid: 'kodomo-shokudo', name: 'こども食堂' }} fundings={value} />,
    locale,
  );

describe("a campaign's supporter fundraisers", () => {
  it('shows what they raised together, each one with its share, linking to their pages', () => {
    const html = render(fundings);
    expect(html).toContain('2件の支援者のページで、あわせて40,000円が集まっています。');
    expect(html).toContain('href="/campaign/11"');
    expect(html).toContain('はなこさんのページ');
    expect(html).toContain('30,000円（75%）');
    expect(html).toContain('href="/campaign/3/create-support-funding/1"');
    expect(html).toContain('href="/campaign/3/create-support-funding/2"');
    // Or a campaign of one's own for the associate (ADR 036).
    expect(html).toContain('href="/associate/kodomo-shokudo/create-campaign"');
    expect(html).toContain('こども食堂を応援するキャンペーンをつくる');
  });

  it('in English, and when there are none yet (or they could not be read) invites one', () => {
    expect(render(fundings, 'en')).toContain('2 supporter fundraisers have raised ¥40,000 together.');
    const none = render(null, 'en');
    expect(none).toContain('No supporter fundraisers yet.');
    expect(none).toContain('Raise money on my birthday');
  });
});
