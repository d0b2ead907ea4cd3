// What a statement says in its CSV and its PDF (ADR 075), in ja and en: the same words on both, and
// the CSV's rows — one per line of the statement, then its sums — so a spreadsheet reconciles the
// payout with the gifts behind it.
import { toCsv } from './csv';
import type { Locale } from './enums';
import { japanIsoDate } from './calendar';

type Text = { ja: string; en: string };

export const STATEMENT_TEXTS = {
  title: { ja: '精算明細書', en: 'Statement' },
  organisation: { ja: '団体名', en: 'Organisation' },
  month: { ja: '対象月', en: 'Month' },
  payoutDate: { ja: 'お支払日', en: 'Payout date' },
  closedAt: { ja: '締め日時', en: 'Closed' },
  date: { ja: '日付', en: 'Date' },
  kind: { ja: '種別', en: 'Kind' },
  donation: { ja: '寄付番号', en: 'Gift no.' },
  amount: { ja: '金額', en: 'Amount' },
  fee: { ja: '手数料（税込）', en: 'Fee (incl. tax)' },
  net: { ja: '差引額', en: 'Net' },
  gross: { ja: '寄付の合計', en: 'Gifts' },
  refunds: { ja: '返金の合計', en: 'Refunds' },
  fees: { ja: '手数料の合計（税込）', en: 'Fees (incl. tax)' },
  commission: { ja: 'うち手数料（税抜）', en: 'of which commission' },
  tax: { ja: 'うち消費税（10%）', en: 'of which consumption tax (10%)' },
  monthNet: { ja: '当月の差引額', en: 'Net for the month' },
  carriedIn: { ja: '前月からの繰越', en: 'Carried in' },
  payable: { ja: 'お支払額', en: 'Payable' },
  carriedOut: { ja: '翌月への繰越', en: 'Carried to next month' },
  gift: { ja: '寄付', en: 'Gift' },
  refund: { ja: '返金', en: 'Refund' },
  failed_payout: { ja: '振込不能分の繰越', en: 'Payout returned by the bank' },
  note: {
    ja: '締め日以降に記録された寄付・返金は翌月の明細に計上されます。消費税は明細ごとに税込の手数料合計から計算しています。',
    en: 'Gifts and refunds recorded after the month closed are on the next statement. Consumption tax is worked out once per statement from the tax-included fees.',
  },
} as const satisfies Record<string, Text>;

export interface StatementDocumentLine {
  kind: 'gift' | 'refund' | 'failed_payout';
  occurred_at: string;
  donation_id: number | null;
  amount: number;
  fee: number;
  net: number;
}

export interface StatementDocument {
  month: string;
  payout_date: string;
  gross: number;
  refunds: number;
  fees: number;
  commission: number;
  tax: number;
  net: number;
  carried_in: number;
  payable: number;
  carried_out: number;
  lines: readonly StatementDocumentLine[];
}

/** The sums at the foot of a statement, in the order a reader checks them. */
export function statementSums(statement: StatementDocument): [Text, number][] {
  const T = STATEMENT_TEXTS;
  return [
    [T.gross, statement.gross],
    [T.refunds, -statement.refunds],
    [T.fees, -statement.fees],
    [T.commission, statement.commission],
    [T.tax, statement.tax],
    [T.monthNet, statement.net],
    [T.carriedIn, statement.carried_in],
    [T.payable, statement.payable],
    [T.carriedOut, statement.carried_out],
  ];
}

/** The statement as a CSV (UTF-8 with a byte order mark): its lines, then its sums. */
export function statementCsv(statement: StatementDocument, lang: Locale): string {
  const T = STATEMENT_TEXTS;
  const rows: (string | number | null)[][] = statement.lines.map((line) => [
    japanIsoDate(new Date(line.occurred_at)),
    T[line.kind][lang],
    line.donation_id,
    line.amount,
    line.fee,
    line.net,
  ]);
  for (const [label, amount] of statementSums(statement)) rows.push([null, label[lang], null, null, null, amount]);
  return toCsv([T.date[lang], T.kind[lang], T.donation[lang], T.amount[lang], T.fee[lang], T.net[lang]], rows);
}
