// The tax summary as a PDF (ADR 033): the year's gifts across organisations, the totals by legal
// type and by eligibility, and the rules in plain words. It is not a receipt and says so.
import { formatMessage, japanIsoDate, localise, TAX_ELIGIBILITY_LABELS, TAX_SUMMARY_TEXTS as T, type api, type Locale } from '@kifu/domain';
import { labelled, newPdf, paragraph, pdfBytes, PAGE_MARGIN, printedDate, printedYen, rule, type Pdf } from './pdf-document';

export async function drawTaxSummary(summary: api.TaxSummary, donorName: string, lang: Locale, now = new Date()): Promise<Buffer> {
  const say = (message: { ja: string; en: string }, params?: Record<string, string | number>) => formatMessage(message[lang], params);
  const pdf = newPdf(say(T.title, { year: summary.year }));
  const width = pdf.page.width - PAGE_MARGIN * 2;
  pdf
    .font('bold')
    .fontSize(16)
    .text(say(T.title, { year: summary.year }), PAGE_MARGIN, PAGE_MARGIN, { width, align: 'center' });
  pdf.moveDown(0.8);
  labelled(pdf, say(T.donorName), donorName || '—');
  labelled(pdf, say(T.generatedOn), printedDate(japanIsoDate(now), lang === 'en'));
  paragraph(pdf, say(T.notAReceipt));
  rule(pdf);

  pdf.font('bold').fontSize(11).text(say(T.gifts));
  pdf.moveDown(0.3);
  if (summary.gifts.length === 0) paragraph(pdf, say(T.noGifts));
  drawGiftTable(pdf, summary, lang);
  rule(pdf);

  pdf.font('bold').fontSize(11).text(say(T.byLegalType));
  pdf.moveDown(0.3);
  for (const row of summary.by_legal_type) labelled(pdf, row.label, printedYen(row.total));
  rule(pdf);

  pdf.font('bold').fontSize(11).text(say(T.byEligibility));
  pdf.moveDown(0.3);
  const totals = summary.by_eligibility;
  labelled(pdf, localise(TAX_ELIGIBILITY_LABELS.tax_credit, lang), printedYen(totals.tax_credit));
  labelled(pdf, localise(TAX_ELIGIBILITY_LABELS.income_deduction, lang), printedYen(totals.income_deduction));
  labelled(pdf, localise(TAX_ELIGIBILITY_LABELS.not_eligible, lang), printedYen(totals.not_eligible));
  labelled(pdf, say(T.residentTaxTotal), printedYen(summary.resident_tax_total));
  labelled(pdf, say(T.eligibleTotal), printedYen(totals.eligible_total), { bold: true });
  labelled(pdf, say(T.total), printedYen(totals.total));
  rule(pdf);

  pdf.font('bold').fontSize(11).text(say(T.rules));
  pdf.moveDown(0.3);
  for (const text of [T.ruleYear, T.ruleFloor, T.ruleDeduction, T.ruleCredit, T.ruleChoice, T.ruleResidentTax, T.ruleNoReceipt])
    paragraph(pdf, `・${say(text)}`, 9);
  return pdfBytes(pdf);
}

function drawGiftTable(pdf: Pdf, summary: api.TaxSummary, lang: Locale): void {
  const x = PAGE_MARGIN;
  const right = pdf.page.width - PAGE_MARGIN;
  const columns = { date: x, name: x + 95, eligibility: right - 200, amount: right - 80 };
  pdf.font('regular').fontSize(9);
  for (const gift of summary.gifts) {
    if (pdf.y > pdf.page.height - PAGE_MARGIN - 30) pdf.addPage();
    const top = pdf.y;
    pdf.text(printedDate(gift.received_on, false), columns.date, top, { width: 90 });
    pdf.text(gift.associate.name, columns.name, top, { width: columns.eligibility - columns.name - 6 });
    const bottom = pdf.y;
    const label = gift.has_receipt ? TAX_ELIGIBILITY_LABELS[gift.eligibility] : TAX_ELIGIBILITY_LABELS.no_receipt;
    pdf.text(localise(label, lang), columns.eligibility, top, { width: 118 });
    const labelBottom = pdf.y;
    pdf.text(printedYen(gift.amount), columns.amount, top, { width: 80, align: 'right' });
    pdf.y = Math.max(bottom, labelBottom, pdf.y) + 3;
  }
  pdf.x = x;
}
