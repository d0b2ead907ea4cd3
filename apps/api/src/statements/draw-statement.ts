// A statement as a PDF (ADR 075), drawn like the receipts and the donor register (ADR 033, ADR 061):
// A4, Noto Sans JP, Japanese with English beside it for an English reader. The facts and sums
// first — what is paid and when — then every line, a row each, the columns' names repeated on
// each new page.
import { japanIsoDate, STATEMENT_TEXTS as T, statementSums, type Locale, type StatementDocument } from '@kifu/domain';
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

const FONT_SIZE = 8.5;
const ROW_HEIGHT = 14;

/** Column x positions and widths: date, kind, gift no. on the left; amounts set right. */
function columnsOf(pdf: Pdf) {
  const right = pdf.page.width - PAGE_MARGIN;
  return [
    { key: 'date', x: PAGE_MARGIN, width: 70, align: 'left' },
    { key: 'kind', x: PAGE_MARGIN + 74, width: 130, align: 'left' },
    { key: 'donation', x: PAGE_MARGIN + 208, width: 60, align: 'left' },
    { key: 'amount', x: right - 210, width: 66, align: 'right' },
    { key: 'fee', x: right - 140, width: 66, align: 'right' },
    { key: 'net', x: right - 70, width: 70, align: 'right' },
  ] as const;
}

type Row = Record<ReturnType<typeof columnsOf>[number]['key'], string>;

function drawRow(pdf: Pdf, row: Row, color = '#000000'): void {
  const top = pdf.y;
  pdf.font('regular').fontSize(FONT_SIZE).fillColor(color);
  for (const column of columnsOf(pdf))
    pdf.text(row[column.key], column.x, top, { width: column.width, align: column.align, lineBreak: false });
  pdf.x = PAGE_MARGIN;
  pdf.y = top + ROW_HEIGHT;
}

export async function drawStatement(statement: StatementDocument, associateName: string, lang: Locale): Promise<Buffer> {
  const english = lang === 'en';
  const say = (message: { ja: string; en: string }) => bilingual(message, english);
  const [year, month] = statement.month.split('-');
  const monthLabel = english ? `${year}年${Number(month)}月 (${statement.month})` : `${year}年${Number(month)}月`;
  const pdf = newPdf(`${T.title.ja} ${associateName} ${statement.month}`);
  const width = pdf.page.width - PAGE_MARGIN * 2;

  pdf.font('bold').fontSize(20).text(T.title.ja, PAGE_MARGIN, PAGE_MARGIN, { width, align: 'center' });
  if (english) pdf.font('regular').fontSize(10).text(T.title.en, { width, align: 'center' });
  pdf.moveDown(1);
  const labelWidth = english ? 200 : 150;
  labelled(pdf, say(T.organisation), associateName, { bold: true, labelWidth });
  labelled(pdf, say(T.month), monthLabel, { labelWidth });
  labelled(pdf, say(T.payoutDate), printedDate(statement.payout_date, english), { labelWidth });
  rule(pdf);
  for (const [label, amount] of statementSums(statement)) {
    labelled(pdf, say(label), printedYen(amount), { labelWidth, bold: label === T.payable });
  }
  rule(pdf);

  const header: Row = {
    date: say(T.date),
    kind: say(T.kind),
    donation: say(T.donation),
    amount: say(T.amount),
    fee: english ? 'Fee' : T.fee.ja,
    net: say(T.net),
  };
  drawRow(pdf, header, '#555555');
  for (const line of statement.lines) {
    if (pdf.y + ROW_HEIGHT > pdf.page.height - PAGE_MARGIN) {
      pdf.addPage();
      pdf
        .font('regular')
        .fontSize(8)
        .fillColor('#555555')
        .text(`${associateName} — ${say(T.title)} — ${monthLabel}`, PAGE_MARGIN, PAGE_MARGIN);
      pdf.moveDown(0.5);
      drawRow(pdf, header, '#555555');
    }
    drawRow(pdf, {
      date: printedDate(japanIsoDate(new Date(line.occurred_at)), false),
      kind: say(T[line.kind]),
      donation: line.donation_id === null ? '—' : String(line.donation_id),
      amount: printedYen(line.amount),
      fee: printedYen(line.fee),
      net: printedYen(line.net),
    });
  }
  pdf.moveDown(0.5);
  paragraph(pdf, say(T.note), 8);
  return pdfBytes(pdf);
}
