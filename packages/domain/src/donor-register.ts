// The donor register (寄附者名簿, ADR 061) a certified NPO makes of each fiscal year's gifts: per
// donor, the name (a corporation's name), the address, each amount and the day it was received (NPO
// Act article 44(2)(i)). A gift given anonymously is listed with its amount and day only: the
// organisation never learns who gave it (spec §5), and the Cabinet Office's Q&A accepts a register
// entry with what the organisation knows. The console's page, its CSV and its PDF read this module.
import { receivedOn } from './receipts';
import { csvLines, type CsvCell } from './csv';
import type { Locale } from './enums';
import type { LocalisedMessage } from './catalogue/message';
import type { ExternalGiftMethod } from './external-gift-import';

/** One paid gift of the fiscal year, as the console's query reads it. */
export interface DonorRegisterGift {
  /** The same for all of one donor's gifts (`donorRegisterKey`); null for an anonymous gift. */
  donorKey: string | null;
  name: string;
  /** The phonetic name (katakana) when known: the register is in its order (五十音順). */
  nameKana?: string | null;
  address: string;
  /** Yen. */
  amount: number;
  /** When the money arrived (the donation's paid_at). */
  receivedAt: Date;
  anonymous: boolean;
  corporate?: boolean;
  /** A gift received outside Kifu and imported (ADR 077): how it was received. */
  external?: ExternalGiftMethod;
}

export interface DonorRegisterEntry {
  amount: number;
  receivedAt: Date;
  /** The day in Japan, YYYY-MM-DD: the date a receipt states too (receipts.ts `receivedOn`). */
  receivedOn: string;
  external?: ExternalGiftMethod;
}

export interface DonorRegisterDonor {
  name: string;
  address: string;
  corporate: boolean;
  /** Oldest first. */
  gifts: DonorRegisterEntry[];
  total: number;
}

export interface DonorRegister {
  /**
   * In the order of their phonetic names (五十音順), or of their names where none is known, in
   * Japanese collation: kana before kanji, so a donor known only by a name in kanji comes after
   * the donors whose reading is known.
   */
  donors: DonorRegisterDonor[];
  /** Amount and day only, oldest first. */
  anonymous: DonorRegisterEntry[];
  anonymousTotal: number;
  /** Donors by name; anonymous gifts count no donor. */
  donorCount: number;
  /** Every gift, anonymous ones included. */
  giftCount: number;
  /** Every gift's amount, anonymous ones included. */
  total: number;
}

/**
 * Who a gift's donor is, across gifts: the account for a signed-in supporter, the e-mail address
 * (ignoring case) for a guest. Someone who gave both signed in and as a guest is two donors: the
 * register lists the donors the platform can tell apart.
 */
export function donorRegisterKey(donor: { userId: number | null; email: string }): string {
  return donor.userId === null ? `email:${donor.email.trim().toLowerCase()}` : `user:${donor.userId}`;
}

const COLLATOR = new Intl.Collator('ja', { numeric: true });

function entryOf(gift: DonorRegisterGift): DonorRegisterEntry {
  if (!Number.isSafeInteger(gift.amount)) throw new RangeError(`A gift's amount is whole yen, not ${gift.amount}`);
  const entry: DonorRegisterEntry = { amount: gift.amount, receivedAt: gift.receivedAt, receivedOn: receivedOn(gift.receivedAt) };
  if (gift.external && !gift.anonymous) entry.external = gift.external;
  return entry;
}

const byReceipt = (a: { receivedAt: Date }, b: { receivedAt: Date }) => a.receivedAt.getTime() - b.receivedAt.getTime();
const sum = (entries: readonly DonorRegisterEntry[]) => entries.reduce((total, entry) => total + entry.amount, 0);

/**
 * Groups a fiscal year's gifts by donor. A donor's name, phonetic name and address are those of
 * their latest gift (the register is made after the year, and people move); a named gift without
 * a key is grouped by its name and address. An anonymous gift keeps nothing but its amount and day,
 * whatever else it was given with.
 */
export function buildDonorRegister(gifts: Iterable<DonorRegisterGift>): DonorRegister {
  const named = new Map<string, { latest: DonorRegisterGift; entries: DonorRegisterEntry[] }>();
  const anonymous: DonorRegisterEntry[] = [];
  for (const gift of gifts) {
    const entry = entryOf(gift);
    if (gift.anonymous) {
      anonymous.push(entry);
      continue;
    }
    const key = gift.donorKey ?? `name:${gift.name}\u0000${gift.address}`;
    const donor = named.get(key);
    if (!donor) named.set(key, { latest: gift, entries: [entry] });
    else {
      donor.entries.push(entry);
      if (gift.receivedAt >= donor.latest.receivedAt) donor.latest = gift;
    }
  }
  const sortKey = (gift: DonorRegisterGift) => gift.nameKana?.trim() || gift.name;
  const donors = [...named.values()]
    .sort(
      (a, b) =>
        COLLATOR.compare(sortKey(a.latest), sortKey(b.latest)) ||
        COLLATOR.compare(a.latest.name, b.latest.name) ||
        COLLATOR.compare(a.latest.address, b.latest.address),
    )
    .map(({ latest, entries }): DonorRegisterDonor => {
      const sorted = entries.sort(byReceipt);
      return { name: latest.name, address: latest.address, corporate: latest.corporate ?? false, gifts: sorted, total: sum(sorted) };
    });
  anonymous.sort(byReceipt);
  const anonymousTotal = sum(anonymous);
  return {
    donors,
    anonymous,
    anonymousTotal,
    donorCount: donors.length,
    giftCount: anonymous.length + donors.reduce((count, donor) => count + donor.gifts.length, 0),
    total: anonymousTotal + donors.reduce((total, donor) => total + donor.total, 0),
  };
}

/** What the register's page, CSV and PDF say. The four columns are the law's items. */
export const DONOR_REGISTER_TEXTS = {
  title: { ja: '寄附者名簿', en: 'Donor register' },
  name: { ja: '氏名又は名称', en: 'Name' },
  address: { ja: '住所', en: 'Address' },
  amount: { ja: '寄附金額', en: 'Amount' },
  receivedOn: { ja: '受領年月日', en: 'Date received' },
  organisation: { ja: '法人名', en: 'Organisation' },
  fiscalYear: { ja: '事業年度', en: 'Fiscal year' },
  madeOn: { ja: '作成日', en: 'Made on' },
  donorCount: { ja: '寄附者数', en: 'Donors' },
  giftCount: { ja: '寄附件数', en: 'Gifts' },
  donorSubtotal: { ja: '小計', en: 'Subtotal' },
  namedTotal: { ja: '記名の寄附の合計', en: 'Total of named gifts' },
  anonymous: { ja: '匿名', en: 'Anonymous' },
  anonymousGifts: { ja: '匿名の寄附', en: 'Anonymous gifts' },
  anonymousNote: {
    ja: '匿名を希望された寄附者の氏名と住所は、団体には知らされません。寄附金額と受領年月日のみを記載しています。',
    en: 'The names and addresses of donors who asked to stay anonymous are not given to the organisation: only the amount and date are listed.',
  },
  anonymousTotal: { ja: '匿名の寄附の合計', en: 'Total of anonymous gifts' },
  total: { ja: '寄附金の総額', en: 'Total received' },
  continued: { ja: '（続き）', en: '(continued)' },
  page: { ja: '{page}ページ', en: 'page {page}' },
  none: { ja: 'この事業年度に受領した寄附はありません。', en: 'No gifts were received in this fiscal year.' },
  keep: {
    ja: '認定NPO法人は、毎事業年度初めの3か月以内に前事業年度の寄附者名簿を作成し、作成の日から5年間、事務所に備え置く必要があります。',
    en: "A certified NPO makes the register of the past fiscal year's gifts within three months of each fiscal year's start, and keeps it at its office for five years from the day it is made.",
  },
} as const satisfies Record<string, LocalisedMessage>;

/** The register's CSV header: the four columns, in the reader's language. */
export function donorRegisterCsvHeader(lang: Locale): string[] {
  const T = DONOR_REGISTER_TEXTS;
  return [T.name[lang], T.address[lang], T.amount[lang], T.receivedOn[lang]];
}

/**
 * The register as CSV records, one per gift: the donor's name and address on each of their gifts
 * so every row stands alone when a tax office sorts or filters it, then the anonymous gifts with
 * "匿名" for a name and no address. No total rows: a spreadsheet sums the amount column, and a total
 * among the gifts would be counted twice.
 */
export function* donorRegisterCsvRows(register: DonorRegister, lang: Locale): Generator<CsvCell[]> {
  for (const donor of register.donors) for (const gift of donor.gifts) yield [donor.name, donor.address, gift.amount, gift.receivedOn];
  const anonymous = DONOR_REGISTER_TEXTS.anonymous[lang];
  for (const gift of register.anonymous) yield [anonymous, '', gift.amount, gift.receivedOn];
}

/** The register's CSV file, a record at a time (byte order mark and header first). */
export function donorRegisterCsvLines(register: DonorRegister, lang: Locale): Generator<string> {
  return csvLines(donorRegisterCsvHeader(lang), donorRegisterCsvRows(register, lang));
}
