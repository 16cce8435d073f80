import PDFDocument from 'pdfkit';
import type { PdfFonts } from './pdf-fonts.js';
import { wrapLines } from './pdf-format.js';
import { A4, BODY_BOTTOM, BODY_TOP, COLOR, FONT, LEFT, MARGIN, PageLayout, WIDTH, withoutMargins } from './pdf-layout.js';

// The A4 portrait document every PDF of the service is: the fonts registered (embedded as subsets of
// the glyphs used), pages laid out by hand (PageLayout) and kept in memory until the end, when the
// frame (header and footer, with page i / n) is drawn on every page, the page count being known.

export interface PdfInfo {
  title: string;
  subject: string;
  /** The document's creation and modification date. */
  createdAt: Date;
}

/** How a frame looks: the reports' (REPORT_FRAME) or a fax's, in black. */
export interface FrameStyle {
  titleSize: number;
  titleColor: string;
  /** The caption's distance below the top margin. */
  captionTop: number;
  captionColor: string;
  /** The line under the header. */
  ruleColor: string;
  /** The line over the footer. */
  footerRuleColor: string;
  footerColor: string;
}

/** The page frame of a fax (a claim's, the live check's): black, and dark grey rules. */
export const FAX_FRAME: FrameStyle = {
  titleSize: 12,
  titleColor: '#000000',
  captionTop: 4,
  captionColor: '#000000',
  ruleColor: '#000000',
  footerRuleColor: '#4B5563',
  footerColor: COLOR.ink,
};

/** What every page carries: a title with a caption right of it above the body, a line of text and the page number below it. */
export interface PageFrame {
  title: string;
  /** Cut with an ellipsis when it would run into the title. */
  caption: string;
  footer: string;
  style: FrameStyle;
}

/** A part of a document, drawn where the layout stands; it asks the layout for room and breaks pages itself. */
export type PdfSection<T> = (layout: PageLayout, content: T) => void;

/** A document being drawn: draw on `layout` (or `doc`), then `finish` it with its frame. */
export class A4Document {
  readonly doc: PDFKit.PDFDocument;
  readonly layout: PageLayout;
  private readonly bytes: Promise<Buffer>;

  constructor(info: PdfInfo, fonts: PdfFonts) {
    this.doc = new PDFDocument({
      size: 'A4',
      layout: 'portrait',
      margins: { top: BODY_TOP, bottom: A4.height - BODY_BOTTOM, left: LEFT, right: LEFT },
      bufferPages: true,
      lang: 'ko-KR',
      displayTitle: true,
      info: { Title: info.title, Subject: info.subject, CreationDate: info.createdAt, ModDate: info.createdAt },
    });
    this.bytes = collect(this.doc);
    // pdfkit takes a parsed fontkit font as it takes font bytes (PDFFontFactory.open); its types do not say so yet.
    this.doc.registerFont(FONT.regular, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
    this.doc.registerFont(FONT.bold, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
    this.layout = new PageLayout(this.doc);
  }

  /** Pages so far. */
  get pageCount(): number {
    return this.doc.bufferedPageRange().count;
  }

  /** Draws each section in turn. */
  draw<T>(content: T, sections: readonly PdfSection<T>[]): this {
    for (const section of sections) section(this.layout, content);
    return this;
  }

  /** Draws the frame on every page and ends the document; resolves to its bytes. */
  finish(frame: PageFrame): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let page = start; page < start + count; page++) {
      this.doc.switchToPage(page);
      drawHeader(this.doc, frame);
      drawFooter(this.doc, frame, page - start + 1, count);
    }
    this.doc.end();
    return this.bytes;
  }

  /** Ends the document without a frame, for a caller that gives up on it; its bytes are dropped. */
  async discard(): Promise<void> {
    this.doc.end();
    await this.bytes;
  }
}

/** A framed document of `sections`, drawn one after another. */
export function renderA4Pdf<T>(
  content: T,
  sections: readonly PdfSection<T>[],
  options: { info: PdfInfo; frame: PageFrame; fonts: PdfFonts },
): Promise<Buffer> {
  return new A4Document(options.info, options.fonts).draw(content, sections).finish(options.frame);
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The title on the left, the caption on the right, a rule under them. */
function drawHeader(doc: PDFKit.PDFDocument, { title, caption, style }: PageFrame): void {
  withoutMargins(doc, () => {
    doc.font(FONT.bold).fontSize(style.titleSize).fillColor(style.titleColor).text(title, LEFT, MARGIN, { lineBreak: false });
    // Right of the title (about 100 points wide), cut when a long caption would run into it.
    doc.font(FONT.regular).fontSize(8.5).fillColor(style.captionColor);
    const [shown = ''] = wrapLines(caption, WIDTH - 140, (text) => doc.widthOfString(text), 1);
    doc.text(shown, LEFT + WIDTH - doc.widthOfString(shown), MARGIN + style.captionTop, { lineBreak: false });
    doc
      .lineWidth(1)
      .strokeColor(style.ruleColor)
      .moveTo(LEFT, MARGIN + 24)
      .lineTo(LEFT + WIDTH, MARGIN + 24)
      .stroke();
  });
}

/** A rule, the frame's footer on the left and page i / n on the right. */
function drawFooter(doc: PDFKit.PDFDocument, { footer, style }: PageFrame, page: number, pages: number): void {
  withoutMargins(doc, () => {
    const y = BODY_BOTTOM + 6;
    doc
      .lineWidth(0.5)
      .strokeColor(style.footerRuleColor)
      .moveTo(LEFT, y)
      .lineTo(LEFT + WIDTH, y)
      .stroke();
    doc.font(FONT.regular).fontSize(7.5).fillColor(style.footerColor);
    doc.text(footer, LEFT, y + 4, { lineBreak: false });
    const pageText = `${page} / ${pages}`;
    doc.text(pageText, LEFT + WIDTH - doc.widthOfString(pageText), y + 4, { lineBreak: false });
  });
}
