// What the demo associates' receipts state (ADR 033): street addresses, the certification of the
// certified NPOs, which public-interest corporations are certified for the tax credit, and resident
// tax designations. Associates not listed are uncertified: their receipts say the gift brings no relief.
import type { JaEn } from './associates';

export interface AssociateTaxSeed {
  street: JaEn;
  certification?: { number: string; on: string; authority: JaEn };
  taxCreditQualified?: boolean;
  residentTaxDesignation?: JaEn;
}

export const ASSOCIATE_TAX: Readonly<Record<number, AssociateTaxSeed>> = {
  1: {
    street: ['太子堂2-14-5', '2-14-5 Taishido'],
    certification: { number: '31生都管第1234号', on: '2019-04-01', authority: ['東京都知事', 'Governor of Tokyo'] },
    residentTaxDesignation: ['東京都', 'Tokyo Metropolis'],
  },
  2: { street: ['中央2-5-8', '2-5-8 Chuo'], taxCreditQualified: true },
  6: {
    street: ['千住3-38-1', '3-38-1 Senju'],
    certification: { number: '2生都管第567号', on: '2020-10-01', authority: ['東京都知事', 'Governor of Tokyo'] },
  },
  7: {
    street: ['神宮前1-5-2', '1-5-2 Jingumae'],
    certification: { number: '3生都管第890号', on: '2021-03-15', authority: ['東京都知事', 'Governor of Tokyo'] },
    residentTaxDesignation: ['東京都', 'Tokyo Metropolis'],
  },
  9: {
    street: ['中区日本大通1', '1 Nihon-odori, Naka'],
    certification: { number: '神奈川県指令県民第321号', on: '2023-06-01', authority: ['神奈川県知事', 'Governor of Kanagawa'] },
  },
  10: { street: ['中央区北1条西5-2', '5-2 Kita 1-jo Nishi, Chuo'] },
  11: { street: ['由比ガ浜2-3-1', '2-3-1 Yuigahama'] },
  12: { street: ['左京区下鴨半木町1', '1 Shimogamo Nakaragi-cho, Sakyo'], taxCreditQualified: true },
  13: { street: ['西新宿1-9-3', '1-9-3 Nishi-Shinjuku'] },
};
