// Draws an InvoiceDocument as an A4 PDF with pdf-lib and the standard Helvetica fonts (no font files to ship): the
// brand, the seller and buyer, the invoice's number and dates, the lines (continued on further pages when they do not
// fit), the totals, and a stamp across a paid ('PAID' with its date) or void invoice. In an agency's brand the agency
// heads the document and the seller of record is named apart in smaller type. Only this Lambda carries pdf-lib.
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatLongDate, formatMoney } from '../../../shared/format';
import { formatLine, statusLabels, type InvoiceDocument, type InvoiceParty } from './invoice-document';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.39, 0.43, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);
const GREEN = rgb(0.05, 0.55, 0.3);
const RED = rgb(0.75, 0.13, 0.13);
/** Columns of the lines table: description, quantity, unit price, amount (right edges for the numbers). */
const COLUMNS = { description: MARGIN, quantityRight: 360, unitRight: 450, amountRight: A4[0] - MARGIN };
const DESCRIPTION_WIDTH = 230;
/** Below this the page is full: what is left goes on the next one (the footer sits under it). */
const BOTTOM = 90;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Standard fonts encode WinAnsi only: a character outside it (a business name in another script) would make pdf-lib
 * throw, so it is shown as '?' instead, and line breaks become spaces.
 */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')].map((char) => (supported.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** Splits text into lines no wider than `width` (a word longer than the width is cut). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut -= 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}

class Writer {
  page!: PDFPage;
  y = 0;
  pageCount = 0;

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    private readonly header: (writer: Writer) => void,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage(A4);
    this.pageCount += 1;
    this.y = A4[1] - MARGIN;
    this.header(this);
  }

  /** Makes room for `height` points, starting a new page (with the table's header again) when there is none. */
  ensure(height: number, onNewPage?: () => void) {
    if (this.y - height >= BOTTOM) return;
    this.newPage();
    onNewPage?.();
  }

  text(text: string, x: number, options: { size?: number; bold?: boolean; color?: typeof INK; alignRight?: boolean; y?: number } = {}) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? 10;
    const shown = printable(font, text);
    const width = font.widthOfTextAtSize(shown, size);
    this.page.drawText(shown, { x: options.alignRight ? x - width : x, y: options.y ?? this.y, size, font, color: options.color ?? INK });
  }

  rule(y = this.y) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.75, color: RULE });
  }
}

/** A party's block (title, name, address and contact); `small`: the seller of record under an agency's brand. */
function party(writer: Writer, title: string, p: InvoiceParty, x: number, top: number, small = false): number {
  const [nameSize, lineSize] = small ? [8, 7.5] : [11, 10];
  let y = top;
  writer.text(title.toUpperCase(), x, { size: small ? 7 : 8, bold: true, color: MUTED, y });
  y -= small ? 11 : 15;
  for (const line of wrap(writer.fonts.bold, nameSize, printable(writer.fonts.bold, p.name), 230)) {
    writer.text(line, x, { size: nameSize, bold: true, y, color: small ? MUTED : INK });
    y -= nameSize + 3;
  }
  for (const line of [...p.addressLines, ...(p.contact ? [p.contact] : [])]) {
    for (const part of wrap(writer.fonts.regular, lineSize, printable(writer.fonts.regular, line), 230)) {
      writer.text(part, x, { y, size: lineSize, color: small ? MUTED : INK });
      y -= lineSize + 3;
    }
  }
  return y;
}

/**
 * A rubber stamp ('PAID' and its date, 'VOID') tilted across the right of the first page, just above the lines. Every
 * part is placed from the box's corner turned by the same angle, so the box and its words stay together.
 */
function stamp(page: PDFPage, font: PDFFont, label: string, sub: string | null, color: typeof INK, bottom: number) {
  const angle = 12;
  const size = 36;
  const [cos, sin] = [Math.cos((angle * Math.PI) / 180), Math.sin((angle * Math.PI) / 180)];
  const width = Math.max(font.widthOfTextAtSize(label, size), sub ? font.widthOfTextAtSize(sub, 10) : 0) + 24;
  const height = size + (sub ? 30 : 14);
  const origin = { x: COLUMNS.amountRight - width - 10, y: bottom };
  const at = (dx: number, dy: number) => ({ x: origin.x + dx * cos - dy * sin, y: origin.y + dx * sin + dy * cos });
  const style = { rotate: degrees(angle), color, opacity: 0.85 };
  page.drawRectangle({ ...at(0, 0), width, height, rotate: degrees(angle), borderColor: color, borderWidth: 3, borderOpacity: 0.85, opacity: 0 });
  page.drawText(label, { ...at(12, sub ? 24 : 9), size, font, ...style });
  if (sub) page.drawText(sub, { ...at(12, 9), size: 10, font, ...style });
}

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // The metadata follows the brand: a white-labelled client's reader sees its agency there too, never CardCrew.
  pdf.setTitle(`${doc.brand.name} invoice ${doc.invoiceNumber}`);
  pdf.setAuthor(doc.brand.name);
  pdf.setSubject(`Invoice ${doc.invoiceNumber} for ${doc.buyer.name}`);
  pdf.setCreator(doc.brand.name);
  pdf.setProducer(doc.brand.name);
  // Fixed dates: the same invoice in the same state renders to the same bytes.
  const issued = new Date(doc.issuedAt);
  if (!Number.isNaN(issued.getTime())) {
    pdf.setCreationDate(issued);
    pdf.setModificationDate(doc.paidAt ? new Date(doc.paidAt) : issued);
  }
  const fonts: Fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const money = (cents: number) => formatMoney(cents, doc.currency);

  const pageHeader = (w: Writer) => {
    if (w.pageCount === 1) return;
    w.text(`Invoice ${doc.invoiceNumber} (continued)`, MARGIN, { size: 10, bold: true, color: MUTED });
    w.y -= 28;
  };
  const w = new Writer(pdf, fonts, pageHeader);

  // Title and the invoice's facts.
  w.text(doc.brand.name, MARGIN, { size: 18, bold: true });
  w.text('INVOICE', COLUMNS.amountRight, { size: 22, bold: true, alignRight: true });
  w.y -= 40;
  const facts: [string, string][] = [
    ['Invoice number', doc.invoiceNumber],
    ['Invoice date', formatLongDate(doc.issuedAt, 'UTC')],
    ['Due date', formatLongDate(doc.dueDate)],
    ...(doc.period ? ([['Billing period', doc.period]] as [string, string][]) : []),
    ['Currency', doc.currency],
    ['Status', statusLabels[doc.status]],
    ...(doc.paidAt ? ([['Paid on', formatLongDate(doc.paidAt, 'UTC')]] as [string, string][]) : []),
  ];
  let factsY = w.y;
  for (const [label, value] of facts) {
    w.text(label, 330, { y: factsY, color: MUTED });
    w.text(value, COLUMNS.amountRight, { y: factsY, bold: true, alignRight: true });
    factsY -= 15;
  }
  // In an agency's brand the agency is who the client deals with; the seller of record follows in smaller type.
  const fromBottom = doc.brand.whiteLabel
    ? party(w, 'From', { name: doc.brand.name, addressLines: doc.brand.url ? [doc.brand.url] : [], contact: doc.brand.contact }, MARGIN, w.y)
    : party(w, 'From', doc.seller, MARGIN, w.y);
  const buyerBottom = party(w, 'Bill to', doc.buyer, MARGIN, fromBottom - 14);
  w.y = Math.min(buyerBottom, factsY) - 20;
  const stampBottom = w.y + 14;

  // The lines.
  const tableHeader = () => {
    w.text('Description', COLUMNS.description, { size: 9, bold: true, color: MUTED });
    w.text('Quantity', COLUMNS.quantityRight, { size: 9, bold: true, color: MUTED, alignRight: true });
    w.text('Unit price', COLUMNS.unitRight, { size: 9, bold: true, color: MUTED, alignRight: true });
    w.text('Amount', COLUMNS.amountRight, { size: 9, bold: true, color: MUTED, alignRight: true });
    w.y -= 8;
    w.rule();
    w.y -= 16;
  };
  tableHeader();
  for (const line of doc.lines) {
    const f = formatLine(line, doc.currency);
    const description = wrap(fonts.regular, 10, printable(fonts.regular, f.description), DESCRIPTION_WIDTH);
    const detail = f.detail ? wrap(fonts.regular, 8.5, printable(fonts.regular, f.detail), DESCRIPTION_WIDTH) : [];
    const height = description.length * 13 + detail.length * 11 + 8;
    w.ensure(height, tableHeader);
    w.text(f.quantity, COLUMNS.quantityRight, { alignRight: true });
    w.text(f.unitPrice, COLUMNS.unitRight, { alignRight: true });
    w.text(f.amount, COLUMNS.amountRight, { alignRight: true });
    for (const part of description) {
      w.text(part, COLUMNS.description);
      w.y -= 13;
    }
    for (const part of detail) {
      w.text(part, COLUMNS.description, { size: 8.5, color: MUTED });
      w.y -= 11;
    }
    w.y -= 8;
  }

  // Totals (a discount's tier under its label, as on the invoice's web page).
  const discountLabel = doc.discount ? `${doc.discount.label}${doc.discount.detail ? ` (${doc.discount.detail})` : ''}` : '';
  const totals: [string, string, boolean][] = [
    ['Subtotal', money(doc.subtotalCents), false],
    ...(doc.discount ? ([[discountLabel, `-${money(doc.discount.amountCents)}`, false]] as [string, string, boolean][]) : []),
    [`Total (${doc.currency})`, money(doc.totalCents), true],
    ...(doc.amountPaidCents !== null ? ([['Amount paid', money(doc.amountPaidCents), false], ['Balance due', money(Math.max(0, doc.totalCents - doc.amountPaidCents)), true]] as [string, string, boolean][]) : []),
  ];
  w.ensure(totals.length * 18 + 20);
  w.rule(w.y + 6);
  w.y -= 10;
  for (const [label, value, strong] of totals) {
    w.text(label, COLUMNS.unitRight, { alignRight: true, bold: strong, color: strong ? INK : MUTED, size: strong ? 11 : 10 });
    w.text(value, COLUMNS.amountRight, { alignRight: true, bold: strong, size: strong ? 11 : 10 });
    w.y -= 18;
  }

  if (doc.brand.whiteLabel) {
    // The seller of record, so the document is lawful under the agency's brand (issue 40).
    const height = 11 + 11 + (doc.seller.addressLines.length + (doc.seller.contact ? 1 : 0)) * 10.5 + 14;
    w.ensure(height);
    w.y -= 14;
    w.y = party(w, 'Seller of record', doc.seller, MARGIN, w.y, true);
  }

  if (doc.notes) {
    const notes = wrap(fonts.regular, 10, printable(fonts.regular, doc.notes), A4[0] - 2 * MARGIN);
    w.ensure(20 + notes.length * 13);
    w.y -= 10;
    w.text('Notes', MARGIN, { size: 9, bold: true, color: MUTED });
    w.y -= 14;
    for (const part of notes) {
      w.text(part, MARGIN);
      w.y -= 13;
    }
  }

  // Every page: the footer with its number; the first page: the stamp of a paid or void invoice.
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    page.drawLine({ start: { x: MARGIN, y: 60 }, end: { x: A4[0] - MARGIN, y: 60 }, thickness: 0.75, color: RULE });
    page.drawText(printable(fonts.regular, `${doc.brand.name} · Invoice ${doc.invoiceNumber}`), { x: MARGIN, y: 45, size: 8, font: fonts.regular, color: MUTED });
    const label = `Page ${index + 1} of ${pages.length}`;
    page.drawText(label, { x: COLUMNS.amountRight - fonts.regular.widthOfTextAtSize(label, 8), y: 45, size: 8, font: fonts.regular, color: MUTED });
  });
  if (doc.status === 'paid') stamp(pages[0]!, fonts.bold, 'PAID', doc.paidAt ? formatLongDate(doc.paidAt, 'UTC') : null, GREEN, stampBottom);
  if (doc.status === 'void' || doc.status === 'cancelled') stamp(pages[0]!, fonts.bold, statusLabels[doc.status].toUpperCase(), null, RED, stampBottom);

  return pdf.save();
}
