import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { loadPdfFonts, type PdfFonts } from './pdf-fonts.js';

/**
 * The fonts every PDF of the process is drawn with, parsed once and shared by the report services. Read
 * at start-up, so that an image without them fails to start rather than at its first report. (The
 * claim render process parses its own: another process cannot share them.)
 */
@Injectable()
export class PdfFontsService implements OnModuleInit {
  private fonts?: Promise<PdfFonts>;

  async onModuleInit(): Promise<void> {
    await this.loaded();
  }

  loaded(): Promise<PdfFonts> {
    this.fonts ??= loadPdfFonts();
    return this.fonts;
  }
}

/** PDF drawing (pdf/): PdfFontsService for Nest; the rest are functions the reports import. */
@Module({
  providers: [PdfFontsService],
  exports: [PdfFontsService],
})
export class PdfModule {}
