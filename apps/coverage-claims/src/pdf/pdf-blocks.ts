import { COLOR, FONT, LEFT, WIDTH, type PageLayout } from './pdf-layout.js';

// Blocks the reports are built of, besides tables (pdf-table.ts): section titles, the label–value
// grid, pills and the notes at the end.

export interface Pill {
  fill: string;
  color: string;
}

/** A title with the brand's bar before it, kept on a page with the first `keepWith` points of what follows. */
export function sectionTitle(layout: PageLayout, title: string, keepWith: number): void {
  layout.ensure(22 + keepWith);
  layout.doc.rect(LEFT, layout.y + 2, 3, 12).fill(COLOR.brand);
  layout.text(title, LEFT + 8, layout.y, { font: FONT.bold, size: 11, color: COLOR.brand, lineBreak: false });
  layout.y += 20;
}

/** A titled grid of label/value pairs, two to a row, ruled; each value on one line; `gapAfter` points below it. */
export function labelValueGrid(layout: PageLayout, title: string, pairs: Array<[string, string]>, gapAfter: number): void {
  const rowHeight = 20;
  const labelWidth = 64;
  const half = WIDTH / 2;
  sectionTitle(layout, title, rowHeight * 3);
  const top = layout.y;
  pairs.forEach(([label, value], index) => {
    const x = LEFT + (index % 2) * half;
    const y = top + Math.floor(index / 2) * rowHeight;
    layout.doc.rect(x, y, labelWidth, rowHeight).fill(COLOR.labelFill);
    layout.text(label, x + 8, y + 5, { font: FONT.bold, size: 9, color: COLOR.muted, lineBreak: false });
    layout.line(value, x + labelWidth + 8, y + 5, { size: 9.5, width: half - labelWidth - 16 });
  });
  const rows = Math.ceil(pairs.length / 2);
  layout.doc.lineWidth(0.5).strokeColor(COLOR.rule);
  for (let row = 0; row <= rows; row++)
    layout.doc
      .moveTo(LEFT, top + row * rowHeight)
      .lineTo(LEFT + WIDTH, top + row * rowHeight)
      .stroke();
  layout.y = top + rows * rowHeight + gapAfter;
}

/** A rounded label 12 points high, its text centred. */
export function drawPill(layout: PageLayout, text: string, x: number, y: number, width: number, pill: Pill): void {
  layout.doc.roundedRect(x, y, width, 12, 6).fill(pill.fill);
  layout.lines([text], x, y + 1.5, { font: FONT.bold, size: 7, color: pill.color, width, align: 'center' });
}

/** A muted sentence across the width, where a section has nothing to show; `gapAfter` points below it. */
export function emptyNote(layout: PageLayout, text: string, gapAfter = 24): void {
  layout.line(text, LEFT, layout.y, { size: 9, color: COLOR.muted, width: WIDTH });
  layout.y += gapAfter;
}

/** Small muted lines under a table or a chart, on the page of what they explain; `gapAfter` points below them. */
export function caption(layout: PageLayout, text: string, size: number, gapAfter: number): void {
  layout.ensure(12);
  layout.line(text, LEFT, layout.y, { size, color: COLOR.muted, width: WIDTH });
  layout.y += gapAfter;
}

/** The notes that end a report, each after ※, kept together on one page. */
export function notes(layout: PageLayout, lines: readonly string[]): void {
  const wrapped = lines.map((line) => layout.wrap(`※ ${line}`, WIDTH, FONT.regular, 7.5));
  const lineHeight = layout.lineHeight(FONT.regular, 7.5);
  layout.ensure(wrapped.reduce((sum, note) => sum + note.length * lineHeight + 3, 0));
  for (const note of wrapped) {
    layout.y += layout.lines(note, LEFT, layout.y, { size: 7.5, color: COLOR.muted, width: WIDTH }) + 3;
  }
}

export interface CalloutItem {
  heading: string;
  lines: readonly string[];
}

const CALLOUT = { fill: '#FFF6E0', bar: '#F0A202', heading: '#7A4B00', pad: 10, textSize: 8.5 };

/**
 * A highlighted box of what the reader should not miss: a title, then each item's heading in bold
 * and its lines wrapped under it. Kept whole on one page; `gapAfter` points below it.
 */
export function callout(layout: PageLayout, title: string, items: readonly CalloutItem[], gapAfter: number): void {
  const { pad, textSize } = CALLOUT;
  const textWidth = WIDTH - 2 * pad - 6;
  const lineHeight = layout.lineHeight(FONT.regular, textSize);
  const headingHeight = layout.lineHeight(FONT.bold, 9);
  const wrapped = items.map((item) => ({
    heading: item.heading,
    lines: item.lines.flatMap((line) => layout.wrap(line, textWidth, FONT.regular, textSize)),
  }));
  const titleHeight = 18;
  const height = 2 * pad + titleHeight + wrapped.reduce((sum, item) => sum + headingHeight + item.lines.length * lineHeight + 6, -6);
  layout.ensure(height);
  const top = layout.y;
  layout.doc.roundedRect(LEFT, top, WIDTH, height, 4).fill(CALLOUT.fill);
  layout.doc.rect(LEFT, top, 4, height).fill(CALLOUT.bar);
  const x = LEFT + pad + 6;
  layout.text(title, x, top + pad - 1, { font: FONT.bold, size: 10.5, color: CALLOUT.heading, lineBreak: false });
  let y = top + pad + titleHeight;
  for (const item of wrapped) {
    layout.lines([item.heading], x, y, { font: FONT.bold, size: 9, color: COLOR.ink, width: textWidth });
    y += headingHeight;
    y += layout.lines(item.lines, x, y, { size: textSize, color: COLOR.ink, width: textWidth }) + 6;
  }
  layout.y = top + height + gapAfter;
}
