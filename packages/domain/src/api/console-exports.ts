// The console's CSV exports made by a job (ADR 065): staff ask for the gifts or supporters table
// with the filters they see, a job writes the file page by page while the console shows its
// progress, and the requester is mailed a link when it is ready. The filters are the tables' own
// query schemas (ADR 060) without their page, page size and language.
import { z } from 'zod';
import { LOCALES, type Locale } from '../enums';
import { associateUidParams } from './associate';
import { rowIdParam } from './common';
import { consoleGiftsQuery, consoleSupportersQuery } from './console';

export const CONSOLE_EXPORT_KINDS = ['gifts', 'supporters'] as const;
export type ConsoleExportKind = (typeof CONSOLE_EXPORT_KINDS)[number];

export const CONSOLE_EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
export type ConsoleExportStatus = (typeof CONSOLE_EXPORT_STATUSES)[number];

/** How long a made file is kept before the sweep removes it. */
export const CONSOLE_EXPORT_KEPT_DAYS = 7;

const notPaged = { page: true, page_size: true, lang: true } as const;
export const consoleGiftsExportFilters = consoleGiftsQuery.omit(notPaged);
export type ConsoleGiftsExportFilters = z.infer<typeof consoleGiftsExportFilters>;
export const consoleSupportersExportFilters = consoleSupportersQuery.omit(notPaged);
export type ConsoleSupportersExportFilters = z.infer<typeof consoleSupportersExportFilters>;

const exportRequest = z.object({
  /** The file's language (its header and words), and the mail's. */
  lang: z.enum(LOCALES).default('ja'),
  request_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'value')
    .optional(),
});

/**
 * POST /associate/{uid}/console/exports/: the table and its filters, checked and with their
 * defaults (the form stored with the export). `request_key` names one press of the button: the
 * same key answers the same export. Without one, a pending or running export of the same kind and
 * filters by the same person is answered instead of a second.
 */
export const consoleExportRequestBody = z.discriminatedUnion('kind', [
  exportRequest.extend({ kind: z.literal('gifts'), filters: consoleGiftsExportFilters.default({ sort: 'date_desc' }) }),
  exportRequest.extend({ kind: z.literal('supporters'), filters: consoleSupportersExportFilters.default({ sort: 'last_gift_desc' }) }),
]);
export type ConsoleExportRequestBody = z.infer<typeof consoleExportRequestBody>;

export const consoleExportParams = associateUidParams.extend({ exportId: rowIdParam });

export const consoleExport = z.object({
  id: z.number().int(),
  kind: z.enum(CONSOLE_EXPORT_KINDS),
  filters: z.record(z.string(), z.unknown()),
  lang: z.enum(LOCALES),
  status: z.enum(CONSOLE_EXPORT_STATUSES),
  /** Who asked (their e-mail at the time). */
  requested_by: z.string(),
  /** The rows the file will hold, counted when the job starts; null before. */
  rows_total: z.number().int().nullable(),
  rows_done: z.number().int(),
  /** The API path of the file once it is ready and kept; null otherwise. */
  download_url: z.string().nullable(),
  /** A failure's code (the web says it in ja or en). */
  error: z.string().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string(),
});
export type ConsoleExport = z.infer<typeof consoleExport>;
export const consoleExports = z.object({ results: z.array(consoleExport) });
export type ConsoleExports = z.infer<typeof consoleExports>;

const METHOD_LABELS = {
  creditCard: { ja: 'クレジットカード', en: 'Card' },
  walletPay: { ja: 'Amazon Pay', en: 'Amazon Pay' },
  bankTransfer: { ja: '銀行振込', en: 'Bank transfer' },
} as const;
const KIND_LABELS = {
  single: { ja: '単発', en: 'Single' },
  monthly: { ja: '毎月', en: 'Monthly' },
  annual: { ja: '年会費', en: 'Annual' },
} as const;
const STATUS_LABELS = {
  paid: { ja: '入金済み', en: 'Paid' },
  awaiting_transfer: { ja: '振込待ち', en: 'Awaiting transfer' },
  processing: { ja: '処理中', en: 'Processing' },
  failed: { ja: '失敗', en: 'Failed' },
  expired: { ja: '期限切れ', en: 'Expired' },
  cancelled: { ja: 'キャンセル', en: 'Cancelled' },
  refunded: { ja: '返金済み', en: 'Refunded' },
} as const;

/** The words an export's cells use for methods, kinds and statuses, in the file's language. */
export const CONSOLE_EXPORT_LABELS = { method: METHOD_LABELS, kind: KIND_LABELS, status: STATUS_LABELS };

/** The header record of each export, in ja and en. */
export const CONSOLE_EXPORT_HEADERS: Record<ConsoleExportKind, Record<Locale, readonly string[]>> = {
  gifts: {
    ja: [
      'ID',
      '受付日時',
      '入金日時',
      '支援者',
      'フリガナ',
      'メールアドレス',
      '住所',
      '電話番号',
      '匿名',
      '会員',
      '金額',
      '返金額',
      '手数料',
      '受取額',
      '支払方法',
      '種別',
      '状態',
      'キャンペーン',
      'リターン',
      'ポートフォリオ',
      '領収書番号',
    ],
    en: [
      'ID',
      'Created at',
      'Paid at',
      'Supporter',
      'Name (kana)',
      'E-mail',
      'Address',
      'Phone',
      'Anonymous',
      'Member',
      'Amount',
      'Refunded',
      'Fee',
      'Net',
      'Method',
      'Kind',
      'Status',
      'Campaign',
      'Reward',
      'Portfolio',
      'Receipt number',
    ],
  },
  supporters: {
    ja: [
      'ID',
      '氏名',
      'フリガナ',
      'メールアドレス',
      '法人',
      '会員',
      'ニュースレター',
      '初回寄付',
      '最新寄付',
      '寄付回数',
      '累計額',
      '今年の額',
      '最新の支払方法',
      '継続寄付',
      '継続額',
      '次回決済日',
    ],
    en: [
      'ID',
      'Name',
      'Name (kana)',
      'E-mail',
      'Corporate',
      'Member',
      'Newsletter',
      'First gift',
      'Latest gift',
      'Gifts',
      'Total',
      'This year',
      'Latest method',
      'Recurring',
      'Recurring amount',
      'Next charge',
    ],
  },
};

/** Yes and no in an export's cells. */
export const csvYesNo = (value: boolean, lang: Locale): string => (value ? (lang === 'en' ? 'yes' : 'はい') : '');
