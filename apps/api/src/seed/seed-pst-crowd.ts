// The public-support test's demo (ADR 071): kodomo-shokudo-mirai's last finished fiscal year gets a
// hundred and four more supporters, each a guest who gave once by card between ¥3,000 and ¥10,000
// with a name and an address of their own — so that year alone reaches the absolute standard's 100
// donors while the years around it, with the console's everyday supporters only, fall short. The
// tracker then shows a year that passes and one that fails, each donor with why they count or not.
import { DonationType, fiscalYearOf, fiscalYearRange, PaymentMethodId, platformFee } from '@kifu/domain';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { seededRandom } from './seeded-random';

export const PST_CROWD_ASSOCIATE_ID = 1;
const FAMILY: readonly [string, string][] = [
  ['佐藤', 'サトウ'],
  ['鈴木', 'スズキ'],
  ['高橋', 'タカハシ'],
  ['田中', 'タナカ'],
  ['伊藤', 'イトウ'],
  ['渡辺', 'ワタナベ'],
  ['山本', 'ヤマモト'],
  ['中村', 'ナカムラ'],
  ['小林', 'コバヤシ'],
  ['加藤', 'カトウ'],
  ['吉田', 'ヨシダ'],
  ['山田', 'ヤマダ'],
  ['松本', 'マツモト'],
];
const GIVEN: readonly [string, string][] = [
  ['陽菜', 'ヒナ'],
  ['蓮', 'レン'],
  ['結衣', 'ユイ'],
  ['大翔', 'ヒロト'],
  ['美月', 'ミツキ'],
  ['湊', 'ミナト'],
  ['葵', 'アオイ'],
  ['悠真', 'ユウマ'],
];
const CITIES: readonly [string, string, string][] = [
  ['1500001', '東京都', '渋谷区神宮前'],
  ['2200012', '神奈川県', '横浜市西区みなとみらい'],
  ['5300001', '大阪府', '大阪市北区梅田'],
  ['4600008', '愛知県', '名古屋市中区栄'],
  ['8120011', '福岡県', '福岡市博多区博多駅前'],
];

export async function seedPstCrowd(db: Database, now: Date, fiscalYearStartMonth = 4) {
  const random = seededRandom(2026);
  const lastFinished = fiscalYearOf(now, fiscalYearStartMonth) - 1;
  const { start, end } = fiscalYearRange(lastFinished, fiscalYearStartMonth);
  const span = end.getTime() - start.getTime();
  const people = FAMILY.flatMap((family) => GIVEN.map((given) => [family, given] as const));
  const donors = await db
    .insert(t.donors)
    .values(
      people.map(([family, given], n) => {
        const [zipCode, area, city] = CITIES[n % CITIES.length]!;
        return {
          email: `pst-supporter-${n + 1}@supporters.kifu.example`,
          lastName: family[0],
          firstName: given[0],
          lastNameKana: family[1],
          firstNameKana: given[1],
          zipCode,
          area,
          city,
          address1: `${1 + (n % 9)}-${10 + n}-${1 + (n % 5)}`,
        };
      }),
    )
    .returning({ id: t.donors.id });
  const donations = await db
    .insert(t.donations)
    .values(
      donors.map(({ id }, n) => {
        const amount = random.int(3, 10) * 1_000;
        const commission = platformFee(amount, { campaign: false });
        // Spread over the year, never in its last hour, so the year in Japan is never in doubt.
        const paidAt = new Date(start.getTime() + random.int(0, span - 3_600_000));
        return {
          associateId: PST_CROWD_ASSOCIATE_ID,
          donorId: id,
          type: DonationType.NORMAL,
          amount,
          commission,
          transferAmount: amount - commission,
          paymentMethod: PaymentMethodId.CREDIT_CARD,
          paymentProvider: 'card',
          paymentId: `chrg_demo_pst_${n + 1}`,
          status: 'paid' as const,
          createdAt: paidAt,
          paidAt,
        };
      }),
    )
    .returning();
  return { pstDonors: donors, pstDonations: donations };
}
