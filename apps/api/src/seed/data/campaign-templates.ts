// The starting points every demo associate offers on /associate/{uid}/create-campaign/{type}
// (ADR 036, spec §3 "an associate campaign template"): a title and a story to make one's own, per
// campaign type, in Japanese and English. `{associate}` is replaced by the associate's name.
import type { CampaignType } from '@kifu/domain';

type JaEn = readonly [ja: string, en: string];

export const CAMPAIGN_TEMPLATES: readonly { type: CampaignType; title: JaEn; body: JaEn }[] = [
  {
    type: 1,
    title: ['誕生日に{associate}を応援してください', 'Support {associate} for my birthday'],
    body: [
      '今年の誕生日は、プレゼントの代わりに{associate}への寄付をお願いすることにしました。\n\nこの団体を選んだ理由と、寄付で実現することを書きましょう。',
      'This year, instead of presents, I am asking for donations to {associate}.\n\nWrite why you chose them and what the gifts will make possible.',
    ],
  },
  {
    type: 2,
    title: ['{associate}のためにチャレンジします', 'My challenge for {associate}'],
    body: [
      '{associate}を応援するために、あるチャレンジに挑戦します。\n\n挑戦する内容と、目標を達成したら実現することを書きましょう。',
      'I am taking on a challenge to support {associate}.\n\nWrite what the challenge is and what reaching the goal will make possible.',
    ],
  },
  {
    type: 3,
    title: ['{associate}のマンスリーサポーター募集', 'Become a monthly supporter of {associate}'],
    body: [
      '毎月の継続的なご支援が、{associate}の活動を支えます。\n\n月々のご寄付でできることを書きましょう。',
      'Monthly support keeps the work of {associate} going.\n\nWrite what a monthly gift makes possible.',
    ],
  },
  {
    type: 4,
    title: ['{associate}の年会費で活動を支える', 'Support {associate} with an annual membership'],
    body: [
      '年会員として{associate}を一年間支えてください。\n\n会員の特典と、会費の使い道を書きましょう。',
      'Support {associate} for a year as a member.\n\nWrite what members receive and how the fees are used.',
    ],
  },
  {
    type: 5,
    title: ['{associate}を毎月応援する仲間を集めます', 'Gathering monthly supporters for {associate}'],
    body: [
      '{associate}を毎月応援してくれる仲間を募集します。\n\n呼びかけの言葉を書きましょう。',
      'I am looking for people to support {associate} every month.\n\nWrite your call to them.',
    ],
  },
  {
    type: 6,
    title: ['{associate}のリターン付きクラウドファンディング', 'Crowdfunding with rewards for {associate}'],
    body: [
      'ご支援いただいた方に、感謝の気持ちを込めてリターンをお届けします。\n\nプロジェクトの内容とリターンを書きましょう。',
      'Supporters receive a reward as our thanks.\n\nWrite about the project and its rewards.',
    ],
  },
];
