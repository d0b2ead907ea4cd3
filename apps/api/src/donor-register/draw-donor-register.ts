// The donor register (寄附者名簿, ADR 061) of one fiscal year as a PDF, drawn like the receipts
// (ADR 033): A4, Noto Sans JP, Japanese always with English beside it for an English reader. The
// law's four columns — name, address, amount, date received — one row per gift, grouped per donor;
// the anonymous gifts apart with amount and date only; totals. A register runs to many pages, so
// each page after the first repeats who and which year it is, and the columns' header.
import {
  DONOR_REGISTER_TEXTS as T,
  fiscalYearLabel,
  japanIsoDate,
  type DonorRegister,
  type DonorRegisterDonor,
  type Locale,
} from '@kifu/domain';
import {
  bilingual,
  labelled,
  newPdf,
  paragraph,
  pdfBytes,
  PAGE_MARGIN,
  printedDate,
  printedYen,
  rule,
  type Pdf,
} from '../receipts/pdf-document';

export interface DonorRegisterDocument {
  register: DonorRegister;
  associateName: string;
  fiscalYear: number;
  /** associates.fiscal_year_start_month, 1–12. */
  fiscalYearStartMonth: number;
  lang: Locale;
  /** When the register is made: the date it states. */
  now?: Date;
}

type Say = (message: { ja: string; en: string }, params?: Record<string, string | number>) => string;

/** Which table the rows drawn now belong to: its header is repeated on a new page. */
type Table = 'named' | 'anonymous';

interface Sheet {
  pdf: Pdf;
  say: Say;
  english: boolean;
  /** Who and which year, at the top of every page after the first. */
  running: string;
  page: number;
}

const ROW_GAP = 3;
const FONT_SIZE = 9;

export async function drawDonorRegister(document: DonorRegisterDocument): Promise<Buffer> {
  const { register, associateName, fiscalYear, fiscalYearStartMonth, lang } = document;
  const english = lang === 'en';
  const say: Say = (message, params) => bilingual(message, english, params);
  const year = bilingual(
    { ja: fiscalYearLabel(fiscalYear, fiscalYearStartMonth, 'ja'), en: fiscalYearLabel(fiscalYear, fiscalYearStartMonth, 'en') },
    english,
  );
  const pdf = newPdf(`${T.title.ja} ${associateName} ${fiscalYearLabel(fiscalYear, fiscalYearStartMonth, 'ja')}`);
  const sheet: Sheet = { pdf, say, english, running: `${associateName} — ${say(T.title)} — ${year}`, page: 1 };
  const width = pdf.page.width - PAGE_MARGIN * 2;

  pdf.font('bold').fontSize(20).text(T.title.ja, PAGE_MARGIN, PAGE_MARGIN, { width, align: 'center' });
  if (english) pdf.font('regular').fontSize(10).text(T.title.en, { width, align: 'center' });
  pdf.moveDown(1);
  const labelWidth = english ? 200 : 150;
  labelled(pdf, say(T.organisation), associateName, { bold: true, labelWidth });
  labelled(pdf, say(T.fiscalYear), year, { labelWidth });
  labelled(pdf, say(T.madeOn), printedDate(japanIsoDate(document.now ?? new Date()), english), { labelWidth });
  labelled(pdf, say(T.donorCount), String(register.donorCount), { labelWidth });
  labelled(pdf, say(T.giftCount), String(register.giftCount), { labelWidth });
  labelled(pdf, say(T.total), printedYen(register.total), { bold: true, labelWidth });
  rule(pdf);

  if (register.giftCount === 0) paragraph(pdf, say(T.none));
  if (register.donors.length > 0) {
    drawHeader(sheet, 'named');
    for (const donor of register.donors) drawDonor(sheet, donor);
    drawTotal(sheet, 'named', say(T.namedTotal), register.total - register.anonymousTotal);
  }
  if (register.anonymous.length > 0) {
    ensureRoom(sheet, 60, null);
    pdf.moveDown(0.5);
    pdf.font('bold').fontSize(11).fillColor('#000000').text(say(T.anonymousGifts), PAGE_MARGIN, pdf.y, { width });
    pdf.moveDown(0.2);
    paragraph(pdf, say(T.anonymousNote), 8.5);
    drawHeader(sheet, 'anonymous');
    for (const gift of register.anonymous)
      drawRow(sheet, 'anonymous', { date: printedDate(gift.receivedOn, false), amount: printedYen(gift.amount) });
    drawTotal(sheet, 'anonymous', say(T.anonymousTotal), register.anonymousTotal);
  }

  if (register.giftCount > 0) {
    ensureRoom(sheet, 80, null);
    rule(pdf);
    labelled(pdf, say(T.namedTotal), printedYen(register.total - register.anonymousTotal), { labelWidth });
    labelled(pdf, say(T.anonymousTotal), printedYen(register.anonymousTotal), { labelWidth });
    labelled(pdf, say(T.total), printedYen(register.total), { bold: true, labelWidth });
  }
  ensureRoom(sheet, 40, null);
  pdf.moveDown(0.5);
  paragraph(pdf, say(T.keep), 8);
  return pdfBytes(pdf);
}

/** One donor: the name and address on their first row, a subtotal when they gave more than once. */
function drawDonor(sheet: Sheet, donor: DonorRegisterDonor): void {
  donor.gifts.forEach((gift, index) => {
    const cells = { date: printedDate(gift.receivedOn, false), amount: printedYen(gift.amount) };
    drawRow(sheet, 'named', index === 0 ? { ...cells, name: donor.name, address: donor.address || '—' } : cells, donor);
  });
  if (donor.gifts.length > 1) drawTotal(sheet, 'named', sheet.say(T.donorSubtotal), donor.total);
  const { pdf } = sheet;
  pdf
    .moveTo(PAGE_MARGIN, pdf.y)
    .lineTo(pdf.page.width - PAGE_MARGIN, pdf.y)
    .lineWidth(0.3)
    .strokeColor('#dddddd')
    .stroke();
  pdf.y += ROW_GAP;
}

/** A row's texts by column; `label` spans the name, address and date columns, set right (totals). */
interface Cells {
  name?: string;
  address?: string;
  date?: string;
  label?: string;
  amount: string;
}

const COLUMNS = ['name', 'address', 'date', 'label', 'amount'] as const;

function columnsOf(pdf: Pdf) {
  const right = pdf.page.width - PAGE_MARGIN;
  return {
    name: { x: PAGE_MARGIN, width: 136, align: 'left' },
    address: { x: PAGE_MARGIN + 142, width: 176, align: 'left' },
    date: { x: right - 165, width: 80, align: 'left' },
    label: { x: PAGE_MARGIN, width: right - 85 - PAGE_MARGIN, align: 'right' },
    amount: { x: right - 80, width: 80, align: 'right' },
  } as const;
}

/** Draws the cells side by side in the current font, and moves below the tallest. */
function drawCells(pdf: Pdf, cells: Cells): void {
  const columns = columnsOf(pdf);
  const top = pdf.y;
  let bottom = top;
  for (const column of COLUMNS) {
    const text = cells[column];
    if (text === undefined) continue;
    const { x, width, align } = columns[column];
    pdf.text(text, x, top, { width, align });
    bottom = Math.max(bottom, pdf.y);
  }
  pdf.x = PAGE_MARGIN;
  pdf.y = bottom;
}

/** Draws a row, first starting a new page when it would not fit on this one. */
function drawRow(sheet: Sheet, table: Table, cells: Cells, donor?: DonorRegisterDonor, bold = false): void {
  const { pdf } = sheet;
  const columns = columnsOf(pdf);
  const font = bold ? 'bold' : 'regular';
  pdf.font(font).fontSize(FONT_SIZE);
  const height = Math.max(...COLUMNS.map((column) => pdf.heightOfString(cells[column] ?? '', { width: columns[column].width })));
  // A donor's gifts carried over to a new page are named again there.
  if (ensureRoom(sheet, height + ROW_GAP, table) && donor && cells.name === undefined)
    cells = { ...cells, name: `${donor.name}${sheet.say(T.continued)}` };
  pdf.font(font).fontSize(FONT_SIZE).fillColor('#000000');
  drawCells(pdf, cells);
  pdf.y += ROW_GAP;
}

/** A total under a table or a donor's gifts, in bold. */
function drawTotal(sheet: Sheet, table: Table, label: string, amount: number): void {
  drawRow(sheet, table, { label, amount: printedYen(amount) }, undefined, true);
}

/** The columns' names, in grey. The anonymous table has no name or address. */
function drawHeader(sheet: Sheet, table: Table): void {
  const { pdf } = sheet;
  // Two lines rather than "ja / en": the columns are narrow.
  const say = (message: { ja: string; en: string }) => (sheet.english ? `${message.ja}\n${message.en}` : message.ja);
  const cells: Cells = { date: say(T.receivedOn), amount: say(T.amount) };
  if (table === 'named') Object.assign(cells, { name: say(T.name), address: say(T.address) });
  pdf.font('regular').fontSize(8.5).fillColor('#555555');
  drawCells(pdf, cells);
  pdf.fillColor('#000000');
  pdf.y += 2;
  rule(pdf);
}
/**
 * Starts a new page when `height` more points would run past the bottom margin: the running title
 * and page number, then the header of the table being drawn. Says whether it did.
 */
function ensureRoom(sheet: Sheet, height: number, table: Table | null): boolean {
  const { pdf } = sheet;
  if (pdf.y + height <= pdf.page.height - PAGE_MARGIN) return false;
  pdf.addPage();
  sheet.page += 1;
  const width = pdf.page.width - PAGE_MARGIN * 2;
  pdf
    .font('regular')
    .fontSize(8)
    .fillColor('#555555')
    .text(`${sheet.running} — ${sheet.say(T.page, { page: sheet.page })}`, PAGE_MARGIN, PAGE_MARGIN, { width });
  pdf.fillColor('#000000');
  pdf.moveDown(0.6);
  if (table) drawHeader(sheet, table);
  return true;
}
