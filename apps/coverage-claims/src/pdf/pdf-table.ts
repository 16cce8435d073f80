import { drawPill, type Pill } from './pdf-blocks.js';
import { COLOR, FONT, LEFT, TABLE_FONT_SIZE, WIDTH, type Align, type PageLayout } from './pdf-layout.js';

const CELL_PAD_X = 4;
const CELL_PAD_Y = 3.5;
/** Lines a table cell shows at most; longer text ends in an ellipsis. */
const CELL_MAX_LINES = 4;

export interface Column {
  header: string;
  /** Points; one column per table has none and takes the rest of the width. */
  width?: number;
  align: Align;
}

export interface Cell {
  text: string;
  bold?: boolean;
  color?: string;
  pill?: Pill;
}

export type Row = { kind: 'group'; text: string } | { kind: 'data'; cells: Cell[]; muted?: boolean };

/**
 * A table that runs over as many pages as it needs: the header row on top of every page, a group
 * row kept with the row after it and repeated (계속) when its rows continue on the next page, each
 * row as high as its longest cell wraps (at most CELL_MAX_LINES lines, so a row always fits a page).
 * `keepAfter` points (a caption under the table) are kept on the page of the last row.
 */
export function drawTable(layout: PageLayout, columns: Column[], rows: Row[], options: { keepAfter?: number } = {}): void {
  const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const widths = columns.map((column) => column.width ?? WIDTH - fixed);
  const xs = widths.map((_, index) => LEFT + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const lineHeight = layout.lineHeight(FONT.regular, TABLE_FONT_SIZE);
  const headerHeight = lineHeight + 2 * CELL_PAD_Y + 2;
  const groupHeight = lineHeight + 2 * CELL_PAD_Y;

  type Laid = { row: Extract<Row, { kind: 'data' }>; lines: string[][]; height: number };
  const lay = (row: Extract<Row, { kind: 'data' }>): Laid => {
    const lines = row.cells.map((cell, index) =>
      cell.pill
        ? [cell.text]
        : layout.wrap(cell.text, widths[index]! - 2 * CELL_PAD_X, cell.bold ? FONT.bold : FONT.regular, TABLE_FONT_SIZE, CELL_MAX_LINES),
    );
    return { row, lines, height: Math.max(...lines.map((cellLines) => cellLines.length), 1) * lineHeight + 2 * CELL_PAD_Y };
  };

  const drawHeader = () => {
    layout.doc.rect(LEFT, layout.y, WIDTH, headerHeight).fill(COLOR.brand);
    columns.forEach((column, index) => {
      layout.lines([column.header], xs[index]! + CELL_PAD_X, layout.y + CELL_PAD_Y + 1, {
        font: FONT.bold,
        size: TABLE_FONT_SIZE,
        color: '#FFFFFF',
        width: widths[index]! - 2 * CELL_PAD_X,
        align: column.align,
      });
    });
    layout.y += headerHeight;
  };

  const drawGroup = (text: string) => {
    layout.doc.rect(LEFT, layout.y, WIDTH, groupHeight).fill(COLOR.band);
    layout.lines([text], LEFT + CELL_PAD_X, layout.y + CELL_PAD_Y, {
      font: FONT.bold,
      size: TABLE_FONT_SIZE,
      color: COLOR.brand,
      width: WIDTH - 2 * CELL_PAD_X,
    });
    layout.y += groupHeight;
  };

  const drawRow = ({ row, lines, height }: Laid, zebra: boolean) => {
    if (zebra) layout.doc.rect(LEFT, layout.y, WIDTH, height).fill(COLOR.zebra);
    row.cells.forEach((cell, index) => {
      const x = xs[index]! + CELL_PAD_X;
      const width = widths[index]! - 2 * CELL_PAD_X;
      if (cell.pill) {
        drawPill(layout, cell.text, x + (width - 30) / 2, layout.y + (height - 12) / 2, 30, cell.pill);
        return;
      }
      layout.lines(lines[index]!, x, layout.y + CELL_PAD_Y, {
        font: cell.bold ? FONT.bold : FONT.regular,
        size: TABLE_FONT_SIZE,
        color: row.muted ? COLOR.inactive : (cell.color ?? COLOR.ink),
        width,
        align: columns[index]!.align,
      });
    });
    layout.doc
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .moveTo(LEFT, layout.y + height)
      .lineTo(LEFT + WIDTH, layout.y + height)
      .stroke();
    layout.y += height;
  };

  const laid = rows.map((row) => (row.kind === 'data' ? lay(row) : row));
  const firstData = laid.find((entry): entry is Laid => 'lines' in entry);
  layout.ensure(headerHeight + groupHeight + (firstData?.height ?? 0));
  drawHeader();
  let group: string | null = null;
  let zebra = false;
  laid.forEach((entry, index) => {
    if (!('lines' in entry)) {
      const next = laid[index + 1];
      if (layout.ensure(groupHeight + (next && 'lines' in next ? next.height : 0))) drawHeader();
      group = entry.text;
      zebra = false;
      drawGroup(entry.text);
      return;
    }
    const last = index === laid.length - 1;
    if (layout.ensure(entry.height + (last ? (options.keepAfter ?? 0) : 0))) {
      drawHeader();
      if (group !== null) drawGroup(`${group} (계속)`);
    }
    drawRow(entry, zebra);
    zebra = !zebra;
  });
}
