// Demo portfolios (spec §3 "Portfolio"). Each revision's shares are in basis points and sum to
// 10000; the last revision is the current one.
import type { JaEn } from './associates';

export interface PortfolioSeed {
  key: string;
  curatorAssociateId?: number;
  name: JaEn;
  description: JaEn;
  body: JaEn;
  revisions: readonly { note: string; shares: readonly (readonly [associateId: number, shareBp: number])[] }[];
}

export const PORTFOLIOS: readonly PortfolioSeed[] = [
  {
    key: 'children-future',
    name: ['こどもの未来ポートフォリオ', "Children's Future Portfolio"],
    description: ['食・学び・遊び・福祉の4つの面から、子どもたちを支える団体をまとめて応援します。', 'Support organisations that care for children through food, learning, play and welfare, all at once.'],
    body: [
      '子どもを取り巻く課題は、ひとつの団体だけでは解決できません。\n\nこのポートフォリオへのご寄付は、下記の団体に配分比率どおりに届けられます。',
      'No single organisation can solve the problems children face.\n\nGifts to this portfolio are shared among the organisations below in the proportions shown.',
    ],
    revisions: [
      { note: '初版', shares: [[1, 5000], [6, 5000]] },
      { note: '遊びと福祉の団体を追加', shares: [[1, 3000], [6, 3000], [29, 2000], [12, 2000]] },
    ],
  },
  {
    key: 'planet',
    name: ['地球とともにポートフォリオ', 'Planet Portfolio'],
    description: ['森・海・食品ロスに取り組む団体を応援します。', 'Back organisations working on forests, oceans and food waste.'],
    body: ['自然環境を守る取り組みに、まとめてご寄付いただけます。', 'One gift for several organisations protecting the natural environment.'],
    revisions: [{ note: '初版', shares: [[2, 4000], [11, 3500], [14, 2500]] }],
  },
  {
    key: 'disaster-ready',
    curatorAssociateId: 4,
    name: ['災害にそなえるポートフォリオ', 'Disaster Preparedness Portfolio'],
    description: ['発災直後の支援から、医療、地域の再建までを支えます。', 'From emergency response to medical care and rebuilding communities.'],
    body: ['災害支援ネットワーク結が選んだ団体に、平時から継続して寄付できます。', 'Give regularly, before disaster strikes, to organisations chosen by Disaster Support Network Yui.'],
    revisions: [{ note: '初版', shares: [[4, 5000], [5, 2500], [8, 2500]] }],
  },
];
