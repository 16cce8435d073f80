import { deflateSync } from 'node:zlib';
import { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pngChunk } from './hostile-evidence.js';

// Images in a PDF as drawn: where each image XObject lands on its page, read from the page's operator
// list with pdf.js (the transformation matrix at each image drawn, through every q/Q and cm), and
// PNGs of a given size to draw.

/** An opaque 8-bit RGB PNG of `width` × `height` pixels, every one of the colour `rgb`. */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number] = [0, 0, 0]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array<Buffer>(height).fill(row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An image as placed on its page: its box in points (origin bottom left, as PDF has it), and whether it is turned. */
export interface PlacedImage {
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Drawn turned a quarter turn (its width runs up or down the page). */
  turned: boolean;
}

type Matrix = [number, number, number, number, number, number];
const multiply = ([a, b, c, d, e, f]: Matrix, [A, B, C, D, E, F]: Matrix): Matrix => [
  a * A + b * C,
  a * B + b * D,
  c * A + d * C,
  c * B + d * D,
  e * A + f * C + E,
  e * B + f * D + F,
];

/** Every image XObject each page draws: the unit square under the matrix in force when it is drawn. */
export async function placedImages(pdf: Uint8Array): Promise<PlacedImage[]> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false });
  try {
    const document = await task.promise;
    const placed: PlacedImage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const { fnArray, argsArray } = await (await document.getPage(number)).getOperatorList();
      let matrix: Matrix = [1, 0, 0, 1, 0, 0];
      const saved: Matrix[] = [];
      fnArray.forEach((fn, index) => {
        if (fn === OPS.save) saved.push(matrix);
        else if (fn === OPS.restore) matrix = saved.pop() ?? matrix;
        else if (fn === OPS.transform) matrix = multiply(argsArray[index] as Matrix, matrix);
        else if (fn === OPS.paintImageXObject) {
          const [a, b, c, d, e, f] = matrix;
          const xs = [e, e + a, e + c, e + a + c];
          const ys = [f, f + b, f + d, f + b + d];
          placed.push({
            page: number,
            x: Math.min(...xs),
            y: Math.min(...ys),
            width: Math.max(...xs) - Math.min(...xs),
            height: Math.max(...ys) - Math.min(...ys),
            turned: Math.abs(a) < 1e-9 && Math.abs(d) < 1e-9,
          });
        }
      });
    }
    return placed;
  } finally {
    await task.destroy();
  }
}
