// Draws one receipt (ADR 033): a certified organisation's 寄附金受領証明書 with every item the law
// asks for, or a plain 領収書 that says the gift brings no tax relief.
import { ORGANISATION_TYPES, RECEIPT_TEXTS as T, type OrganisationTypeId } from '@kifu/domain';
import type { ReceiptDocument } from './receipt-document';
import { bilingual, labelled, newPdf, paragraph, pdfBytes, PAGE_MARGIN, printedDate, printedYen, rule, type Pdf } from './pdf-document';

/** Certified and special certified NPOs: their receipts state the specified non-profit activities. */
const CERTIFIED_NPO_TYPES = new Set([2, 3]);
/** The seal's box in points (about 2.3 cm, a common 角印), at the right margin level with the issuer's name. */
export const SEAL_BOX_SIZE = 64;

export function receiptTitle(document: Pick<ReceiptDocument, 'kind' | 'eligibility'>) {
  if (document.eligibility === 'not_eligible') return T.titlePlain;
  return document.kind === 'combined' ? T.titleCombined : T.titleCertified;
}

export async function drawReceipt(document: ReceiptDocument): Promise<Buffer> {
  const title = receiptTitle(document);
  const pdf = newPdf(`${title.ja} ${document.number}`);
  drawReceiptPage(pdf, document);
  return pdfBytes(pdf);
}

/** Draws on the current page (the tax pack puts several receipts in one ZIP, each its own file). */
export function drawReceiptPage(pdf: Pdf, document: ReceiptDocument): void {
  const { english, issuer } = document;
  const say = (message: { ja: string; en: string }, params?: Record<string, string>) => bilingual(message, english, params);
  const width = pdf.page.width - PAGE_MARGIN * 2;

  const title = receiptTitle(document);
  pdf.font('bold').fontSize(20).text(title.ja, PAGE_MARGIN, PAGE_MARGIN, { width, align: 'center' });
  if (english) pdf.font('regular').fontSize(10).text(title.en, { width, align: 'center' });
  if (document.reissue) {
    pdf.moveDown(0.3);
    pdf
      .font('bold')
      .fontSize(12)
      .fillColor('#b00020')
      .text(`【${say(T.reissue)}】`, { width, align: 'center' });
    pdf.fillColor('#000000');
  }
  pdf.moveDown(1);

  labelled(pdf, say(T.number), document.number);
  labelled(pdf, say(T.issuedOn), printedDate(document.issuedOn, english));
  rule(pdf);

  labelled(pdf, say(T.donor), say(T.donorHonorific, { name: document.donor.name }), { bold: true });
  labelled(pdf, say(T.address), document.donor.address || '—');
  rule(pdf);

  if (document.kind === 'gift') {
    const [line] = document.lines;
    labelled(pdf, say(T.amount), printedYen(document.total), { bold: true });
    if (line) {
      labelled(pdf, say(T.receivedOn), printedDate(line.receivedOn, english));
      labelled(pdf, say(T.purpose), english ? `${line.description} / ${line.descriptionEn}` : line.description);
    }
  } else {
    drawLines(pdf, document, say);
    labelled(pdf, `${say(T.total)} (${say(T.amount)})`, printedYen(document.total), { bold: true });
  }
  rule(pdf);

  paragraph(pdf, say(T.receivedStatement));
  if (document.eligibility !== 'not_eligible' && CERTIFIED_NPO_TYPES.has(issuer.organisationType))
    paragraph(pdf, say(T.specifiedActivities));
  if (document.eligibility === 'tax_credit') paragraph(pdf, say(T.eligibleTaxCredit));
  if (document.eligibility === 'income_deduction') paragraph(pdf, say(T.eligibleIncomeDeduction));
  if (document.eligibility === 'not_eligible') paragraph(pdf, say(T.notEligible));
  if (document.eligibility !== 'not_eligible' && issuer.residentTaxDesignation) {
    const designation = issuer.residentTaxDesignation;
    paragraph(pdf, bilingual(T.residentTax, english, { designation }, { designation: issuer.residentTaxDesignationEn ?? designation }));
  }
  if (document.kind === 'combined') paragraph(pdf, say(T.combinedNote));
  rule(pdf);

  const type = ORGANISATION_TYPES[issuer.organisationType as OrganisationTypeId] ?? ORGANISATION_TYPES[99];
  const issuerTop = pdf.y;
  labelled(pdf, say(T.issuer), english && issuer.nameEn ? `${issuer.name} (${issuer.nameEn})` : issuer.name, { bold: true });
  labelled(pdf, say(T.organisationType), english ? `${type.ja} / ${type.en}` : type.ja);
  labelled(pdf, say(T.address), english && issuer.addressEn ? `${issuer.address} (${issuer.addressEn})` : issuer.address);
  if (issuer.representative) labelled(pdf, say(T.representative), issuer.representative);
  if (issuer.certification) {
    const { number, date, authority, authorityEn } = issuer.certification;
    labelled(pdf, say(T.certificationNumber), number);
    labelled(pdf, say(T.certifiedOn), printedDate(date, english));
    if (issuer.certification.expiresOn) labelled(pdf, say(T.certificationExpiresOn), printedDate(issuer.certification.expiresOn, english));
    labelled(pdf, say(T.certificationAuthority), english && authorityEn ? `${authority} (${authorityEn})` : authority);
  }
  if (issuer.seal) drawSeal(pdf, issuer.seal, issuerTop);
  pdf.moveDown(1);
  paragraph(pdf, say(T.issuedBy, { name: issuer.name }), 8);
  if (english) paragraph(pdf, say(T.translationNote), 8);
}

/**
 * The issuer's seal (角印) beside its name, as Japanese receipts carry it (ADR 070): fitted into
 * its box at the right margin, its shape kept; the text's flow is left where it was.
 */
function drawSeal(pdf: Pdf, seal: Buffer, top: number): void {
  const { x, y } = pdf;
  const left = pdf.page.width - PAGE_MARGIN - SEAL_BOX_SIZE;
  pdf.image(seal, left, Math.max(PAGE_MARGIN, top - 8), { fit: [SEAL_BOX_SIZE, SEAL_BOX_SIZE], align: 'center', valign: 'center' });
  pdf.x = x;
  pdf.y = y;
}

/** The combined receipt's table: one row per gift. */
function drawLines(pdf: Pdf, document: ReceiptDocument, say: (message: { ja: string; en: string }) => string): void {
  const x = PAGE_MARGIN;
  const columns = { date: x, purpose: x + 150, amount: pdf.page.width - PAGE_MARGIN - 90 };
  const header = pdf.y;
  pdf.font('regular').fontSize(8.5).fillColor('#555555');
  pdf.text(say(T.receivedOn), columns.date, header, { width: 145 });
  pdf.text(say(T.purpose), columns.purpose, header, { width: columns.amount - columns.purpose - 8 });
  pdf.text(say(T.amount), columns.amount, header, { width: 90, align: 'right' });
  pdf.fillColor('#000000').fontSize(9.5);
  pdf.y += 4;
  for (const line of document.lines) {
    if (pdf.y > pdf.page.height - PAGE_MARGIN - 40) pdf.addPage();
    const top = pdf.y;
    pdf.text(printedDate(line.receivedOn, false), columns.date, top, { width: 145 });
    const purpose = document.english ? `${line.description} / ${line.descriptionEn}` : line.description;
    pdf.text(purpose, columns.purpose, top, { width: columns.amount - columns.purpose - 8 });
    const bottom = pdf.y;
    pdf.text(printedYen(line.amount), columns.amount, top, { width: 90, align: 'right' });
    pdf.y = Math.max(bottom, pdf.y) + 3;
  }
  pdf.x = x;
  pdf.moveDown(0.5);
}
