import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Samples per pixel by PNG colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;

/**
 * A valid PNG of transparent black (all zero bytes) pixels, 8 bits a sample: `colourType` 6 is RGBA,
 * 2 RGB. All-zero rows deflate to almost nothing, so an 8000 × 8000 RGBA image is about 249 KB —
 * the attachment that once took a gigabyte to render. `options.chunks` go between IHDR and IDAT.
 */
export function zeroPng(width: number, height: number, colourType: keyof typeof CHANNELS = 6, options: { chunks?: Buffer[] } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colourType;
  const raw = Buffer.alloc((1 + width * CHANNELS[colourType]) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(options.chunks ?? []),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG chunk (for zeroPng's `chunks`): e.g. PLTE and tRNS of a palette with transparency. */
export const pngChunk = chunk;
