import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_HEAD_BYTES, MAX_DECODED_PNG_BYTES, attachmentBytesProblem, checkImageHeader } from '../../src/claims/claim-attachments.js';
import { pngChunk, transparentPng } from '../support/hostile-evidence.js';

const fixture = (name: string) => readFile(path.resolve('apps/coverage-claims/test/fixtures', name));

/** A PNG's header (signature, IHDR, `chunks`) and a token IDAT, as the first bytes of a larger file would give it. */
function pngHeader(width: number, height: number, colourType: number, bitDepth = 8, interlace = 0, chunks: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  header[12] = interlace;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...chunks,
    pngChunk('IDAT', Buffer.alloc(10)),
  ]);
}

describe('claim attachment budgets (read from image headers, nothing decoded)', () => {
  it('refuses more than 40 megapixels of any image, and passes 40 exactly', () => {
    expect(checkImageHeader(pngHeader(8000, 5000, 2), 'image/png', false)).toEqual({ kind: 'fits', width: 8000, height: 5000 });
    expect(checkImageHeader(pngHeader(8000, 5001, 2), 'image/png', false)).toEqual({
      kind: 'refused',
      reason: 'too-large',
      problem: 'is 8000 × 5001 pixels (40.0 megapixels); an image may have at most 40.0 megapixels',
    });
  });

  it('holds a PNG pdfkit must decode to 48 MiB decoded: alpha, a palette with transparency, interlacing; 16 bits count double', () => {
    // 12 MP of 8-bit RGBA is the most; 16-bit RGBA halves it; RGB without transparency is embedded as it is.
    const side = Math.floor(Math.sqrt(MAX_DECODED_PNG_BYTES / 4));
    expect(checkImageHeader(pngHeader(side, side, 6), 'image/png', false).kind).toBe('fits');
    expect(checkImageHeader(pngHeader(side + 1, side + 1, 6), 'image/png', false).kind).toBe('refused');
    expect(checkImageHeader(pngHeader(side, side, 6, 16), 'image/png', false).kind).toBe('refused');
    expect(checkImageHeader(pngHeader(6000, 6000, 2), 'image/png', false).kind).toBe('fits');
    expect(checkImageHeader(pngHeader(6000, 6000, 2, 8, 1), 'image/png', false).kind).toBe('refused');
    // Grey and alpha: 2 bytes a pixel.
    expect(checkImageHeader(pngHeader(4000, 6000, 4), 'image/png', false).kind).toBe('fits');
    expect(checkImageHeader(pngHeader(6000, 6000, 4), 'image/png', false).kind).toBe('refused');
  });

  it('walks a palette PNG’s chunks up to its pixels (a tRNS chunk makes pdfkit decode it), and asks for more when they run past the bytes read', () => {
    const palette = pngChunk('PLTE', Buffer.alloc(3 * 16));
    const transparency = pngChunk('tRNS', Buffer.from([0]));
    // At one byte a pixel a palette PNG within 40 megapixels stays within the decoded budget either way.
    expect(checkImageHeader(pngHeader(8000, 5000, 3, 8, 0, [palette]), 'image/png', false).kind).toBe('fits');
    expect(checkImageHeader(pngHeader(8000, 5000, 3, 8, 0, [palette, transparency]), 'image/png', false).kind).toBe('fits');
    expect(checkImageHeader(pngHeader(100, 100, 3, 8, 0, [palette]).subarray(0, 40), 'image/png', false)).toEqual({ kind: 'need-more' });
    expect(checkImageHeader(pngHeader(100, 100, 3, 8, 0, [palette]).subarray(0, 40), 'image/png', true).kind).toBe('refused');
  });

  it('refuses bytes that are not an image of the declared type, and asks for more when a JPEG header lies beyond the bytes read', async () => {
    const jpeg = await fixture('claim-receipt-photo.jpg');
    expect(checkImageHeader(jpeg, 'image/jpeg', true)).toEqual({ kind: 'fits', width: 640, height: 480 });
    expect(checkImageHeader(jpeg, 'image/png', true)).toEqual({
      kind: 'refused',
      reason: 'unreadable',
      problem: 'could not be read as a PNG image',
    });
    expect(checkImageHeader(await transparentPng(10, 10), 'image/jpeg', true)).toEqual({
      kind: 'refused',
      reason: 'unreadable',
      problem: 'could not be read as a JPEG image',
    });
    expect(checkImageHeader(Buffer.from('%PDF-1.7'), 'image/png', true).kind).toBe('refused');
    expect(checkImageHeader(jpeg.subarray(0, 64), 'image/jpeg', false)).toEqual({ kind: 'need-more' });
    expect(checkImageHeader(jpeg.subarray(0, 64), 'image/jpeg', true).kind).toBe('refused');
  });

  it('reads the head, and the whole file only when the header is not in it', async () => {
    const jpeg = await fixture('claim-receipt-photo.jpg');
    // A JPEG whose frame header comes after 600 KiB of metadata (APP1 segments of 64 KiB).
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0xff, 0xff]), Buffer.alloc(0xffff - 2)]);
    const padded = Buffer.concat([jpeg.subarray(0, 2), ...Array.from({ length: 10 }, () => app1), jpeg.subarray(2)]);
    expect(padded.length).toBeGreaterThan(IMAGE_HEAD_BYTES);
    const reads: string[] = [];
    const bytes = {
      head: async (n: number) => (reads.push(`head ${n}`), padded.subarray(0, n)),
      all: async () => (reads.push('all'), padded),
    };
    expect(await attachmentBytesProblem('image/jpeg', bytes)).toBeNull();
    expect(reads).toEqual([`head ${IMAGE_HEAD_BYTES}`, 'all']);
    reads.length = 0;
    expect(await attachmentBytesProblem('application/pdf', bytes)).toBeNull();
    expect(reads).toEqual([]);
  });
});
