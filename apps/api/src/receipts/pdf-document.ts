// A4 PDFs drawn with pdfkit in Noto Sans JP (architecture.md "documents"): only the glyphs used are
// embedded, so a receipt stays small. Texts come in pairs: Japanese always, English beside it when
// the supporter reads English (ADR 033: an English translation alongside).
import { createRequire } from 'node:module';
import { formatYen, type LocalisedMessage, formatMessage, type MessageParams } from '@kifu/domain';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
};

export const PAGE_MARGIN = 56;

export type Pdf = PDFKit.PDFDocument;

/** A new A4 document with both weights registered and regular selected. */
export function newPdf(title: string): Pdf {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: title, Producer: 'Kifu', Creator: 'Kifu' },
    lang: 'ja-JP',
  });
  pdf.registerFont('regular', FONTS.regular);
  pdf.registerFont('bold', FONTS.bold);
  pdf.font('regular');
  return pdf;
}

/** Ends the document and resolves with its bytes. */
export function pdfBytes(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

/** "ja" or "ja / en" for one message, by whether English goes alongside. */
export function bilingual(message: LocalisedMessage, english: boolean, params?: MessageParams, enParams = params): string {
  const ja = formatMessage(message.ja, params);
  return english && message.en ? `${ja} / ${formatMessage(message.en, enParams)}` : ja;
}

/** 2026-11-25 → 2026年11月25日 (and "25 Nov 2026" beside it in English). */
export function printedDate(isoDate: string, english: boolean): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const ja = `${year}年${month}月${day}日`;
  if (!english) return ja;
  const en = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${ja} (${en})`;
}

/** 10000 → "¥10,000" — the one form both languages read. */
export function printedYen(amount: number): string {
  return `¥${formatYen(amount)}`;
}

/** A label and its value on one row, the label in a fixed column. */
export function labelled(pdf: Pdf, label: string, value: string, options: { labelWidth?: number; bold?: boolean } = {}): void {
  const labelWidth = options.labelWidth ?? 150;
  const x = PAGE_MARGIN;
  const y = pdf.y;
  const width = pdf.page.width - PAGE_MARGIN * 2;
  pdf.font('regular').fontSize(9).fillColor('#555555').text(label, x, y, { width: labelWidth });
  const labelBottom = pdf.y;
  pdf
    .font(options.bold ? 'bold' : 'regular')
    .fontSize(options.bold ? 13 : 10.5)
    .fillColor('#000000')
    .text(value, x + labelWidth, y, { width: width - labelWidth });
  pdf.y = Math.max(pdf.y, labelBottom) + 6;
  pdf.x = x;
}

/** A thin rule across the page. */
export function rule(pdf: Pdf): void {
  const y = pdf.y + 4;
  pdf
    .moveTo(PAGE_MARGIN, y)
    .lineTo(pdf.page.width - PAGE_MARGIN, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  pdf.y = y + 10;
}

/** A paragraph the width of the page. */
export function paragraph(pdf: Pdf, text: string, size = 9.5): void {
  if (!text) return;
  pdf
    .font('regular')
    .fontSize(size)
    .fillColor('#000000')
    .text(text, PAGE_MARGIN, pdf.y, { width: pdf.page.width - PAGE_MARGIN * 2 });
  pdf.moveDown(0.4);
}
