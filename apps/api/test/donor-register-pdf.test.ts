// The donor register's PDF (ADR 061), read back through poppler as a person's viewer would: the
// law's four columns on every page of a long register, the totals, Japanese and English, and
// anonymous gifts with their amount and date and nothing else.
import { buildDonorRegister, formatYen, type DonorRegisterGift } from '@kifu/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawDonorRegister, type DonorRegisterDocument } from '../src/donor-register/draw-donor-register';
import { pdfText, renderedPages } from './helpers/pdf-text';

const FAMILY = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤'];
const FAMILY_KANA = ['サトウ', 'スズキ', 'タカハシ', 'タナカ', 'イトウ', 'ワタナベ', 'ヤマモト', 'ナカムラ', 'コバヤシ', 'カトウ'];

/** 60 donors giving one to three times in fiscal 2025 (April start), and 25 anonymous gifts. */
function sampleGifts(): DonorRegisterGift[] {
  const gifts: DonorRegisterGift[] = [];
  for (let donor = 0; donor < 60; donor += 1) {
    for (let time = 0; time <= donor % 3; time += 1)
      gifts.push({
        donorKey: `user:${donor}`,
        name: `${FAMILY[donor % 10]} 寄附者${donor}`,
        nameKana: `${FAMILY_KANA[donor % 10]} キフシャ${donor}`,
        address: `〒100-0001 東京都千代田区千代田${donor}-${time}`,
        amount: 1000 * (donor + 1),
        receivedAt: new Date(Date.UTC(2025, 3 + time * 3, 1 + (donor % 28), 3)),
        anonymous: false,
      });
  }
  for (let index = 0; index < 25; index += 1)
    gifts.push({
      donorKey: null,
      name: '秘密 太郎',
      address: '秘密の住所',
      amount: 777 + index,
      receivedAt: new Date(Date.UTC(2025, 5, 1 + index, 3)),
      anonymous: true,
    });
  return gifts;
}

const register = buildDonorRegister(sampleGifts());
const now = new Date('2026-05-15T03:00:00Z');
/** The sample drawn for NPO法人 こどもの森, fiscal 2025 from April, unless told otherwise. */
function draw(overrides: Partial<DonorRegisterDocument> = {}) {
  return drawDonorRegister({
    register,
    associateName: 'NPO法人 こどもの森',
    fiscalYear: 2025,
    fiscalYearStartMonth: 4,
    lang: 'ja',
    now,
    ...overrides,
  });
}
const pages = (text: string) => text.split('\f').filter((page) => page.trim() !== '');

describe('the donor register PDF in Japanese', () => {
  let bytes: Buffer;
  let text: string;
  beforeAll(async () => {
    bytes = await draw();
    text = await pdfText(bytes);
  });

  it('is titled with the register, the organisation and the fiscal year', () => {
    expect(text).toContain('寄附者名簿');
    expect(text).toContain('NPO法人 こどもの森');
    expect(text).toContain('2025年度（2025年4月〜2026年3月）');
    expect(text).toContain('2026年5月15日');
    expect(text).not.toContain('Donor register');
  });

  it('runs over several pages, each repeating who, which year and the columns', async () => {
    expect(await renderedPages(bytes)).toBeGreaterThanOrEqual(3);
    const [, ...later] = pages(text);
    expect(later.length).toBeGreaterThanOrEqual(2);
    later.forEach((page, index) => {
      expect(page).toContain('NPO法人 こどもの森');
      expect(page).toContain('2025年度');
      expect(page).toContain(`${index + 2}ページ`);
      expect(page).toContain('受領年月日');
      expect(page).toContain('寄附金額');
    });
    expect(text.match(/氏名又は名称/g)!.length).toBeGreaterThanOrEqual(2);
  });

  it('names again a donor whose gifts carry over to the next page', () => {
    const all = pages(text);
    const carried = all.flatMap((page, index) => {
      const name = /^\s*(\S+ 寄附者\d+)（続き）/m.exec(page)?.[1];
      return name ? [{ name, before: all[index - 1]! }] : [];
    });
    // The sample happens to split some donors' gifts across pages; each is named on both.
    expect(carried.length).toBeGreaterThan(0);
    for (const { name, before } of carried) expect(before).toContain(name);
  });

  it('lists every donor with name, address, amounts and dates, and each donor’s subtotal', () => {
    for (const donor of register.donors) expect(text).toContain(donor.name);
    expect(text).toContain('〒100-0001 東京都千代田区千代田59-2');
    expect(text).toContain('2025年10月');
    // Donor 2 gave three times, ¥3,000 each.
    expect(text).toMatch(/小計\s+¥9,000/);
  });

  it('states the totals', () => {
    const named = register.total - register.anonymousTotal;
    expect(text).toMatch(new RegExp(`寄附者数\\s+60`));
    expect(text).toMatch(new RegExp(`寄附件数\\s+${register.giftCount}`));
    expect(text).toMatch(new RegExp(`記名の寄附の合計\\s+¥${formatYen(named)}`));
    expect(text).toMatch(new RegExp(`匿名の寄附の合計\\s+¥${formatYen(register.anonymousTotal)}`));
    expect(text).toMatch(new RegExp(`寄附金の総額\\s+¥${formatYen(register.total)}`));
    expect(register.total).toBe(named + register.anonymousTotal);
  });

  it('lists anonymous gifts with their date and amount only', () => {
    expect(text).not.toContain('秘密');
    const section = text.slice(text.indexOf('匿名の寄附\n'));
    const rows = section.split('\n').filter((line) => /¥(7\d\d|80\d)\b/.test(line));
    expect(rows).toHaveLength(25);
    for (const row of rows) expect(row.trim()).toMatch(/^2025年6月\d+日\s+¥[\d,]+$/);
  });
});

describe('the donor register PDF in English', () => {
  it('puts English beside the Japanese', async () => {
    const bytes = await draw({ associateName: 'Forest Kids', lang: 'en' });
    const text = await pdfText(bytes);
    expect(text).toContain('寄附者名簿');
    expect(text).toContain('Donor register');
    expect(text).toContain('FY2025 (Apr 2025 – Mar 2026)');
    expect(text).toContain('Date received');
    expect(text).toContain('Anonymous gifts');
    expect(text).toMatch(/page 2/);
    expect(text).not.toContain('秘密');
  });
});

describe('an empty register', () => {
  it('says no gifts were received', async () => {
    const bytes = await draw({ register: buildDonorRegister([]), fiscalYear: 2024, fiscalYearStartMonth: 1 });
    const text = await pdfText(bytes);
    expect(text).toContain('2024年度（2024年1月〜2024年12月）');
    expect(text).toContain('この事業年度に受領した寄附はありません。');
    expect(await renderedPages(bytes)).toBe(1);
  });
});
