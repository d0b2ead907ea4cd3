// Amazon Pay's own value formats, so responses parse the same way as the real provider's.

/** Amazon Pay timestamps are ISO 8601 basic format in UTC, e.g. "20191015T204327Z". */
export function amazonTimestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export interface Price {
  amount: string;
  currencyCode: 'JPY';
}

export function jpy(yen: number): Price {
  return { amount: String(yen), currencyCode: 'JPY' };
}

/** "¥3,000" on the buyer-facing pages. */
export function formatYen(yen: number): string {
  return `¥${yen.toLocaleString('en-US')}`;
}
