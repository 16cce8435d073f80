import { constants, crc32, createDeflate, deflateRawSync } from 'node:zlib';

// Evidence files that cost a renderer far more than their size, made in the test (nothing to commit):
// a PNG whose pixels pdfkit must decode, and a PDF whose page content pdf-lib inflates.

const MIB = 2 ** 20;

/** A PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A fully transparent 8-bit RGBA PNG of `width` × `height` (all pixels zero): pdfkit decodes every
 * pixel of a PNG with alpha. 8000 × 8000 is 244 MiB decoded and 249 KB in the file; the rows are
 * deflated as a stream, so making it holds one row at a time.
 */
export async function transparentPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const row = Buffer.alloc(1 + width * 4); // filter byte 0, then the row's pixels
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A zlib stream of `mebibytes` MiB of zeros, about a thousandth of that in size: one MiB of zeros
 * deflated with a full flush (a self-contained run of blocks) repeated, an empty final block and the
 * Adler-32 of the whole (a = 1, b = length mod 65521 for zeros).
 */
function inflatingZeros(mebibytes: number): Buffer {
  const mebibyte = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((mebibytes * MIB) % 65_521) * 65_536 + 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(mebibytes).fill(mebibyte), Buffer.from([0x03, 0x00]), adler]);
}

/**
 * A one-page PDF whose content stream inflates to `mebibytes` MiB of zeros (a decompression bomb):
 * it loads and counts its pages like any PDF, and pdf-lib inflates the content when the page is
 * embedded into the fax.
 */
export function pdfWithInflatingPage(mebibytes: number): Buffer {
  const content = inflatingZeros(mebibytes);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`), content, Buffer.from('\nendstream')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
