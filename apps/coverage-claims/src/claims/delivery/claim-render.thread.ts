import { parentPort } from 'node:worker_threads';
import { loadPdfFonts } from '../../pdf/pdf-fonts.js';
import { renderClaimPdf } from './claim-pdf.js';
import type { RenderReply, RenderRequest } from './claim-renderer.js';

// The entry of the thread ClaimRenderer renders claims in (claim-renderer.ts): one claim at a time,
// as long as the thread lives. The fonts are parsed once, when the thread starts, not per claim.

const port = parentPort;
if (!port) throw new Error('claim-render.thread.js runs in a worker thread (ClaimRenderer starts it)');
const fonts = loadPdfFonts();

port.on('message', (request: RenderRequest) => {
  void render(request).then(({ reply, transfer }) => port.postMessage(reply, transfer));
});

async function render(request: RenderRequest): Promise<{ reply: RenderReply; transfer: ArrayBuffer[] }> {
  try {
    const attachments = request.attachments.map(({ mimeType, bytes }) => ({
      mimeType,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    }));
    const { pdf, pages } = await renderClaimPdf(request.content, attachments, await fonts);
    const owned = ownedBytes(pdf);
    // In a worker thread, memoryUsage's buffer figure is the thread's own: what the render left.
    const { arrayBuffers } = process.memoryUsage();
    return { reply: { ok: true, pdf: owned, pages, arrayBuffers }, transfer: [owned.buffer as ArrayBuffer] };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { reply: { ok: false, name, message }, transfer: [] };
  }
}

/** The bytes in an ArrayBuffer of their own, which can be handed over without a copy. */
function ownedBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}
