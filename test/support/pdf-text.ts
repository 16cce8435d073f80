import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api.js';

// A PDF's text read back with pdf.js (Mozilla's pdfjs-dist), so the tests need only Node. The legacy
// build is the one pdf.js makes for Node; 5.6 is its newest release that admits Node 20 (docs/operations/runtime.md).

/** A run of text as drawn (one or more words), its box in points, origin top left as on screen. */
export interface PdfTextRun {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface PdfPageText {
  width: number;
  height: number;
  runs: PdfTextRun[];
  /** The runs in reading order: rows top to bottom, each left to right, a space where they stand apart. */
  lines: string[];
  /** The lines joined by line breaks. */
  text: string;
}

/** Every page's text, in page order. */
export async function pdfPages(pdf: Uint8Array): Promise<PdfPageText[]> {
  // A copy: pdf.js wants a plain Uint8Array, not a Buffer, and may take over the one it is given.
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false });
  try {
    const document = await task.promise;
    const pages: PdfPageText[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const { width, height } = page.getViewport({ scale: 1 });
      // No normalisation: the characters as drawn ('…' stays one character, as a reader sees it).
      const content = await page.getTextContent({ disableNormalization: true });
      const placed = content.items
        .filter((item): item is TextItem => 'str' in item && item.str.trim() !== '')
        .map((item) => place(item, content.styles[item.fontName]!, height));
      const lines = linesOf(placed);
      pages.push({ width, height, runs: placed.map(({ run }) => run), lines, text: lines.join('\n') });
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** The whole document's text, page after page. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfPages(pdf)).map((page) => page.text).join('\n');
}

/**
 * A run in its own frame as well as on the page: its direction in whole degrees (0 for upright
 * text), how far it starts along that direction, and the band its line takes across it.
 */
interface PlacedRun {
  run: PdfTextRun;
  angle: number;
  start: number;
  end: number;
  top: number;
  bottom: number;
}

/** The run's box: from its baseline along its direction, up by the font's ascent and down by its descent. */
function place(item: TextItem, style: TextStyle, pageHeight: number): PlacedRun {
  const [a, b, c, d, x, y] = item.transform as [number, number, number, number, number, number];
  const size = Math.hypot(c, d);
  // On screen (origin top left, y down): the reading direction u and the next line's direction n.
  const [ux, uy] = [a / Math.hypot(a, b), -b / Math.hypot(a, b)];
  const [nx, ny] = [-uy, ux];
  const [ox, oy] = [x, pageHeight - y];
  const corners = [style.ascent, style.descent].flatMap((rise) => {
    const [bx, by] = [ox - nx * rise * size, oy - ny * rise * size];
    return [
      [bx, by],
      [bx + ux * item.width, by + uy * item.width],
    ] as const;
  });
  const xs = corners.map(([cx]) => cx);
  const ys = corners.map(([, cy]) => cy);
  const start = ox * ux + oy * uy;
  const across = ox * nx + oy * ny;
  return {
    run: { text: item.str, xMin: Math.min(...xs), xMax: Math.max(...xs), yMin: Math.min(...ys), yMax: Math.max(...ys) },
    angle: Math.round((Math.atan2(uy, ux) * 180) / Math.PI),
    start,
    end: start + item.width,
    top: across - style.ascent * size,
    bottom: across - style.descent * size,
  };
}

/**
 * Runs of one direction whose middles fall within the first run's band make one line, read in their
 * direction; upright lines first, top to bottom, then those of turned pages or labels.
 */
function linesOf(runs: PlacedRun[]): string[] {
  const rows: PlacedRun[][] = [];
  for (const run of [...runs].sort((p, q) => p.top - q.top || p.start - q.start)) {
    const middle = (run.top + run.bottom) / 2;
    const row = rows.find(([first]) => first!.angle === run.angle && middle > first!.top && middle < first!.bottom);
    if (row) row.push(run);
    else rows.push([run]);
  }
  return rows
    .sort(([p], [q]) => Number(p!.angle !== 0) - Number(q!.angle !== 0) || p!.angle - q!.angle || p!.top - q!.top)
    .map((row) =>
      row
        .sort((p, q) => p.start - q.start)
        .reduce((line, placed, i) => {
          if (i === 0) return placed.run.text;
          // Apart by more than a tenth of the line's height: a space, as between two table cells.
          const apart = placed.start - row[i - 1]!.end > (placed.bottom - placed.top) / 10;
          const text = placed.run.text;
          return apart && !/\s$/.test(line) && !/^\s/.test(text) ? `${line} ${text}` : `${line}${text}`;
        }, ''),
    );
}
