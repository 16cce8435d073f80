import { writeFileSync } from 'node:fs';
import { loadPdfFonts } from '../../pdf/pdf-fonts.js';
import { renderClaimPdf } from './claim-pdf.js';
import type { RenderChildMessage, RenderRequest } from './claim-render-process.js';

// The entry of the child process ClaimRenderer renders claims in (claim-render-process.ts): one claim
// at a time, as long as the process lives. The fonts are parsed once, before it says it is ready.

const send = process.send?.bind(process) as ((message: RenderChildMessage) => boolean) | undefined;
if (!send) throw new Error('claim-render.child.js runs in a child process with an IPC channel (ClaimRenderer forks it)');

// If the container runs out of memory, its OOM killer takes this render, never the service (raising
// one's own score needs no privilege; there is no such file outside Linux).
try {
  writeFileSync('/proc/self/oom_score_adj', '1000');
} catch {
  // not Linux: nothing to do
}
// The service is gone (stopped, killed): nothing is left to render for.
process.on('disconnect', () => process.exit(0));

const fonts = await loadPdfFonts();
process.on('message', (request: RenderRequest) => {
  void render(request).then(send);
});
send({ ready: true });

async function render(request: RenderRequest): Promise<RenderChildMessage> {
  try {
    const attachments = request.attachments.map(({ mimeType, bytes }) => ({
      mimeType,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    }));
    const { pdf, pages } = await renderClaimPdf(request.content, attachments, fonts);
    // What the render left behind, garbage included, until V8 next collects.
    const { arrayBuffers } = process.memoryUsage();
    return { ok: true, pdf, pages, arrayBuffers };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { ok: false, name, message };
  }
}
