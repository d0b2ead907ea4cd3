// Demo remote configuration (ADR 018): the footer's landing pages overridden by global entries
// (spec §2 "Footer"), campaign settings (usage stats on for the reward campaign only, spec §9),
// FAQ entries and popup banners around "now" so the top page shows exactly one.
import { api } from '@kifu/domain';
import type { JaEn } from './associates';

export const GLOBAL_CONFIG_SEED: readonly { key: string; parts: readonly string[]; partsEn?: readonly string[] }[] = [
  // Two parts on purpose: long values are stored in pieces and joined by the reader (spec §7).
  { key: api.GLOBAL_CONFIG_KEYS.associateLandingUrl, parts: ['https://lp.kifu.example', '/associates/'], partsEn: ['https://lp.kifu.example', '/en/associates/'] },
  { key: api.GLOBAL_CONFIG_KEYS.p2pLandingUrl, parts: ['https://lp.kifu.example/peer-to-peer/'], partsEn: ['https://lp.kifu.example/en/peer-to-peer/'] },
];

/** By campaign seed key. */
export const CAMPAIGN_CONFIG_SEED: Readonly<Record<string, api.CampaignConfig>> = {
  'satoyama-rewards': { usage_stats_enabled: true, show_reward_ranking: true },
  'winter-meals': { usage_stats_enabled: false, message_wall: { title: ['応援メッセージ', 'Messages of support'] } },
};

export const FAQ_SEED: readonly { question: JaEn; answer: JaEn; isPublished?: boolean }[] = [
  {
    question: ['寄付金控除は受けられますか？', 'Can I deduct my donation from my taxes?'],
    answer: [
      '認定NPO法人などへの寄付は寄付金控除の対象です。受領証明書はマイページからダウンロードできます。',
      'Gifts to certified NPOs and similar organisations are deductible. Download the receipts from My page.',
    ],
  },
  {
    question: ['毎月の寄付はいつでも止められますか？', 'Can I stop a monthly gift at any time?'],
    answer: ['はい。マイページの「継続支援」からいつでも停止できます。', 'Yes. Stop it from "Recurring support" on My page at any time.'],
  },
  {
    question: ['使えるお支払い方法は？', 'Which payment methods can I use?'],
    answer: ['クレジットカード、ウォレット決済、銀行振込をご利用いただけます。', 'Credit card, wallet pay and bank transfer.'],
  },
  {
    question: ['（下書き）団体の審査について', '(Draft) How associates are reviewed'],
    answer: ['公開前の下書きです。', 'A draft, not yet published.'],
    isPublished: false,
  },
];

/** Days relative to seeding: one banner live now, one ended, one not started yet, one switched off. */
export const POPUP_BANNER_SEED: readonly { key: string; title: JaEn; linkUrl: string; startDaysAgo: number; endInDays: number | null; isActive?: boolean }[] = [
  { key: 'year-end', title: ['年末の寄付で、来年の活動を支えよう', 'Give before the year ends and back next year\'s work'], linkUrl: '/campaign', startDaysAgo: 1, endInDays: 30 },
  { key: 'summer', title: ['夏の特集（終了）', 'Summer feature (ended)'], linkUrl: '/campaign', startDaysAgo: 60, endInDays: -1 },
  { key: 'spring', title: ['春の特集（予告）', 'Spring feature (coming)'], linkUrl: '/portfolio', startDaysAgo: -10, endInDays: 40 },
  { key: 'paused', title: ['停止中のお知らせ', 'A paused notice'], linkUrl: '/associate', startDaysAgo: 5, endInDays: null, isActive: false },
];
