import { wrapLines } from './pdf-format.js';

// The A4 page of the service's PDFs (the reports and the claim fax): its measures, colours, fonts and
// the layout that places blocks and breaks pages. Nothing in pdf/ but customer-report.ts imports the API
// contracts, so that the claim fax's render process (claims/delivery/claim-render.child.ts) loads
// pdfkit and these, not the contracts (about 50 MiB of modules in every render process).

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 40;
export const BODY_TOP = MARGIN + 36;
export const BODY_BOTTOM = A4.height - MARGIN - 26;
export const LEFT = MARGIN;
export const WIDTH = A4.width - 2 * MARGIN;

export const COLOR = {
  ink: '#1F2933',
  muted: '#6B7280',
  inactive: '#9AA0A6',
  brand: '#1F3A5F',
  rule: '#D5DAE1',
  band: '#EEF2F7',
  zebra: '#F8F9FB',
  labelFill: '#F1F4F8',
};

export const FONT = { regular: 'NotoSansKR-Regular', bold: 'NotoSansKR-Bold' };
export const TABLE_FONT_SIZE = 8;

export type Align = 'left' | 'right' | 'center';

/** Where the next block goes, and the page breaks. */
export class PageLayout {
  y = BODY_TOP;

  constructor(readonly doc: PDFKit.PDFDocument) {}

  /** Starts a new page unless `height` more points fit on this one; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= BODY_BOTTOM) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = BODY_TOP;
  }

  text(text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string }): void {
    const { font = FONT.regular, size = 9, color = COLOR.ink, ...rest } = options;
    this.doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, x, y, { lineGap: 0, ...rest });
  }

  /** The height of one line of text in that font and size. */
  lineHeight(font = FONT.regular, size = TABLE_FONT_SIZE): number {
    return this.doc.font(font).fontSize(size).currentLineHeight(true);
  }

  /** wrapLines in that font and size. */
  wrap(text: string, width: number, font = FONT.regular, size = TABLE_FONT_SIZE, maxLines = Infinity): string[] {
    this.doc.font(font).fontSize(size);
    // NFC: the fonts are used without OpenType shaping (pdf-fonts.ts), so decomposed Hangul is composed here.
    return wrapLines(text.normalize('NFC'), width, (piece) => this.doc.widthOfString(piece), maxLines);
  }

  /** One line of text, cut with an ellipsis when wider than `width`. */
  line(text: string, x: number, y: number, options: { width: number; align?: Align; font?: string; size?: number; color?: string }): void {
    this.lines(this.wrap(text, options.width, options.font, options.size, 1), x, y, options);
  }

  /** Lines drawn one by one (lineBreak off: the wrapping is ours). */
  lines(
    lines: string[],
    x: number,
    y: number,
    options: { width: number; align?: Align; font?: string; size?: number; color?: string },
  ): number {
    const { width, align = 'left', font = FONT.regular, size = 9, color = COLOR.ink } = options;
    const height = this.lineHeight(font, size);
    this.doc.fillColor(color);
    lines.forEach((line, index) => {
      // Aligned here and drawn without a width: given one, pdfkit wraps again by its own measure,
      // which can differ from ours by a fraction of a point and break a line that fits.
      const free = width - this.doc.widthOfString(line);
      const offset = align === 'right' ? free : align === 'center' ? free / 2 : 0;
      this.doc.text(line, x + Math.max(offset, 0), y + index * height, { lineBreak: false, lineGap: 0 });
    });
    return lines.length * height;
  }
}

/** Header and footer lie outside the body; pdfkit would start a new page for text below its bottom margin. */
export function withoutMargins(doc: PDFKit.PDFDocument, draw: () => void): void {
  const margins = { ...doc.page.margins };
  doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
  draw();
  doc.page.margins = margins;
}
