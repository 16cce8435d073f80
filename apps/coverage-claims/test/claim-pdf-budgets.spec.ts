import { loadPdfFonts, type PdfFonts } from '../src/pdf/pdf-fonts.js';
import { ClaimAttachmentError, ClaimAttachmentTooLargeError, renderClaimPdf } from '../src/claims/delivery/claim-pdf.js';
import { fixture, minimalClaimForm } from './support/claim-delivery.js';
import { transparentPng } from './support/hostile-evidence.js';

// The renderer checks the image budgets of claim-attachments.ts again, from the header, before pdfkit
// decodes a pixel (docs/decisions/claims.md, "Rendering"): for claims filed before filing checked them.

const content = minimalClaimForm(7);

let fonts: PdfFonts;
beforeAll(async () => {
  fonts = await loadPdfFonts();
});

describe('renderClaimPdf and the image budgets', () => {
  it('refuses a PNG whose decoding is over 48 MiB (4000 × 4000 RGBA, 16 megapixels) before decoding it, naming it by position and type', async () => {
    const png = await transparentPng(4000, 4000);
    const rendering = renderClaimPdf(
      content,
      [
        { mimeType: 'image/jpeg', bytes: await fixture('claim-receipt-photo.jpg') },
        { mimeType: 'image/png', bytes: png },
      ],
      fonts,
    );
    await expect(rendering).rejects.toBeInstanceOf(ClaimAttachmentTooLargeError);
    await expect(rendering).rejects.toThrow(
      'Attachment 2 (image/png) is a 4000 × 4000 PNG with transparency or interlacing, 62 MiB decoded; such a PNG may be at most 48 MiB decoded (12 megapixels of 8-bit RGBA): send it as a JPEG',
    );
  });

  it('judges an image by its bytes: a PNG declared as a JPEG is held to the PNG budget', async () => {
    await expect(renderClaimPdf(content, [{ mimeType: 'image/jpeg', bytes: await transparentPng(4000, 4000) }], fonts)).rejects.toThrow(
      /^Attachment 1 \(image\/jpeg\) is a 4000 × 4000 PNG with transparency/,
    );
  });

  it('renders a PNG within the budgets (3000 × 3000 RGBA, 34 MiB decoded)', async () => {
    const rendered = await renderClaimPdf(content, [{ mimeType: 'image/png', bytes: await transparentPng(3000, 3000) }], fonts);
    expect(rendered.pages).toBe(3);
  });

  it('still calls an image whose header cannot be read unreadable', async () => {
    const rendering = renderClaimPdf(content, [{ mimeType: 'image/png', bytes: Buffer.from('not a png at all') }], fonts);
    await expect(rendering).rejects.toBeInstanceOf(ClaimAttachmentError);
    await expect(rendering).rejects.toThrow('Attachment 1 (image/png) could not be read as a JPEG or PNG image');
  });
});
