import { imageSize } from 'image-size';
import type { FrozenBytes } from '../files/files.service.js';

// What a claim's evidence may be, checked when the claim is filed and again when its fax is rendered
// (docs/decisions/claims.md, "What cannot go into a fax" and "Attachment budgets"). Images are judged by their
// headers alone: nothing here decodes a pixel.

/** Attachment types a fax can carry: images pdfkit embeds, and PDFs. */
export const FAXABLE_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type FaxableMimeType = (typeof FAXABLE_MIME_TYPES)[number];

export const isFaxable = (mimeType: string): mimeType is FaxableMimeType => (FAXABLE_MIME_TYPES as readonly string[]).includes(mimeType);

/**
 * The most pixels (width × height) an image attachment may have: 40 megapixels, more than any phone
 * camera's default mode (12–24 MP) or an A4 scan at 600 dpi (35 MP), and far beyond what a 200 dpi
 * fax page shows (about 4 MP).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * The largest decoded size of a PNG that must be decoded to be embedded: pdfkit embeds a JPEG, and a
 * PNG without transparency or interlacing, as they are, but decodes every pixel of a PNG with an
 * alpha channel, a palette with transparency, or interlacing, at about four times the decoded size in
 * memory (measured: 15.6 bytes per pixel of 8-bit RGBA). 48 MiB is 12 MP of 8-bit RGBA (a phone
 * screenshot is 3–4 MP), about 190 MiB at peak; the 8000 × 8000 RGBA PNG of 249 KB that took 1 GiB is
 * 244 MiB decoded.
 */
export const MAX_DECODED_PNG_BYTES = 48 * 1024 * 1024;

/** Bytes read from the start of a file for its header: JPEG's metadata segments (EXIF, ICC) come before its frame header. */
export const IMAGE_HEAD_BYTES = 512 * 1024;

/** What the header of an image attachment says. */
export type ImageHeaderCheck =
  | { kind: 'fits'; width: number; height: number }
  /** Refused, with why (a sentence naming no file name: it may hold personal data): not an image of its type, or over a budget. */
  | { kind: 'refused'; reason: 'unreadable' | 'too-large'; problem: string }
  /** The header lies beyond the bytes given: read the whole file and check again. */
  | { kind: 'need-more' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Samples per pixel by PNG colour type. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const megapixels = (pixels: number) => `${(pixels / 1_000_000).toFixed(1)} megapixels`;

/**
 * Whether an image attachment fits the budgets, from its first bytes (`complete`: they are the whole
 * file). A JPEG or PNG whose header cannot be read is refused as unreadable.
 */
export function checkImageHeader(bytes: Uint8Array, mimeType: 'image/jpeg' | 'image/png', complete: boolean): ImageHeaderCheck {
  const kind = mimeType === 'image/png' ? 'PNG' : 'JPEG';
  const unreadable: ImageHeaderCheck = { kind: 'refused', reason: 'unreadable', problem: `could not be read as a ${kind} image` };
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return complete ? unreadable : { kind: 'need-more' };
  }
  const { width, height } = size;
  if ((size.type !== 'png' && size.type !== 'jpg') || (size.type === 'png') !== (mimeType === 'image/png')) return unreadable;
  if (!width || !height) return unreadable;
  const pixels = width * height;
  if (pixels > MAX_IMAGE_PIXELS)
    return {
      kind: 'refused',
      reason: 'too-large',
      problem: `is ${width} × ${height} pixels (${megapixels(pixels)}); an image may have at most ${megapixels(MAX_IMAGE_PIXELS)}`,
    };
  if (mimeType === 'image/png') {
    const png = pngLayout(bytes);
    if (png === 'need-more') return complete ? unreadable : { kind: 'need-more' };
    if (png === null) return unreadable;
    if (png.decoded) {
      const decodedBytes = Math.ceil((width * PNG_CHANNELS[png.colourType]! * png.bitDepth) / 8) * height;
      if (decodedBytes > MAX_DECODED_PNG_BYTES)
        return {
          kind: 'refused',
          reason: 'too-large',
          problem:
            `is a ${width} × ${height} PNG with transparency or interlacing, ${Math.ceil(decodedBytes / 2 ** 20)} MiB decoded; ` +
            `such a PNG may be at most ${MAX_DECODED_PNG_BYTES / 2 ** 20} MiB decoded (12 megapixels of 8-bit RGBA): send it as a JPEG`,
        };
    }
  }
  return { kind: 'fits', width, height };
}

/**
 * A PNG's colour type and bit depth from IHDR, and whether pdfkit decodes its pixels to embed it: an
 * alpha channel (colour types 4 and 6), a palette with a tRNS chunk, or Adam7 interlacing. Null when it
 * is not a well-formed PNG; 'need-more' when a chunk before the first IDAT runs past the bytes given.
 */
function pngLayout(bytes: Uint8Array): { colourType: number; bitDepth: number; decoded: boolean } | null | 'need-more' {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 33) return 'need-more';
  if (!buffer.subarray(0, 8).equals(PNG_SIGNATURE) || buffer.toString('latin1', 12, 16) !== 'IHDR') return null;
  const bitDepth = buffer[24]!;
  const colourType = buffer[25]!;
  const interlaced = buffer[28] === 1;
  if (PNG_CHANNELS[colourType] === undefined || ![1, 2, 4, 8, 16].includes(bitDepth)) return null;
  let decoded = colourType === 4 || colourType === 6 || interlaced;
  if (colourType === 3 && !decoded) {
    // A palette's transparency (tRNS) comes after PLTE and before the first IDAT.
    for (let offset = 33; ;) {
      if (offset + 8 > buffer.length) return 'need-more';
      const type = buffer.toString('latin1', offset + 4, offset + 8);
      if (type === 'IDAT' || type === 'IEND') break;
      if (type === 'tRNS') {
        decoded = true;
        break;
      }
      offset += 12 + buffer.readUInt32BE(offset);
    }
  }
  return { colourType, bitDepth, decoded };
}

/**
 * Why an attachment's bytes cannot go into a claim (an image over the budgets, or not an image of its
 * declared type), or null: read from the image's header (IMAGE_HEAD_BYTES, the whole file only when
 * the header lies beyond). PDFs are not judged here.
 */
export async function attachmentBytesProblem(mimeType: string, bytes: FrozenBytes): Promise<string | null> {
  if (mimeType !== 'image/jpeg' && mimeType !== 'image/png') return null;
  const head = await bytes.head(IMAGE_HEAD_BYTES);
  let check = checkImageHeader(head, mimeType, head.length < IMAGE_HEAD_BYTES);
  if (check.kind === 'need-more') check = checkImageHeader(await bytes.all(), mimeType, true);
  return check.kind === 'refused' ? check.problem : null;
}
