import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';

/**
 * The typeface of every PDF the service draws (the reports and the claim fax): Noto Sans KR (SIL Open Font License 1.1), Regular and Bold, as the npm
 * package @expo-google-fonts/noto-sans-kr ships Google Fonts' static TrueType files: every Hangul
 * syllable in one file per weight, glyf outlines, which the PDF embeds as a subset of the glyphs
 * used. docs/decisions/coverage-analysis.md, "Report".
 *
 * Resolved with import.meta.resolve so that scripts/app-bundle.ts counts the package as imported
 * and an image installs it.
 */
const FONT_FILES = {
  regular: import.meta.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
  bold: import.meta.resolve('@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf'),
};

/**
 * OpenType features the PDFs do without. Their text is precomposed Hangul (NFC), Latin, digits
 * and punctuation, which map to glyphs one to one through the font's cmap; Noto Sans KR's
 * substitution and positioning lookups (ccmp, locl, calt, kern, …) change nothing visible in it
 * but cost four fifths of the rendering time (docs/benchmarks.md).
 */
const PLAIN_TEXT: Readonly<Record<string, boolean>> = Object.fromEntries(
  [
    'aalt',
    'calt',
    'ccmp',
    'clig',
    'dlig',
    'fwid',
    'halt',
    'hist',
    'hwid',
    'kern',
    'liga',
    'locl',
    'mark',
    'mkmk',
    'palt',
    'pwid',
    'rlig',
    'ruby',
  ].map((feature) => [feature, false]),
);

/** A parsed font, shared by every PDF the process renders (fontkit caches glyphs on it). */
export type PdfFont = Font;

export interface PdfFonts {
  regular: PdfFont;
  bold: PdfFont;
}

/**
 * Reads and parses both weights (about 16 MiB): once per process, through PdfFontsService, and once
 * per claim render process (claims/delivery/claim-render.child.ts), which cannot share the service's.
 */
export async function loadPdfFonts(): Promise<PdfFonts> {
  const [regular, bold] = await Promise.all([parse(FONT_FILES.regular), parse(FONT_FILES.bold)]);
  return { regular, bold };
}

async function parse(url: string): Promise<PdfFont> {
  const font = create(await readFile(fileURLToPath(url)));
  if (!('layout' in font)) throw new Error(`${url} is a font collection, not a font`);
  // Lays text out without the features above unless a caller names features of its own.
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout') {
        return (text: string, features?: string[] | Record<string, boolean>, script?: string, language?: string, direction?: string) =>
          target.layout(text, features ?? PLAIN_TEXT, script, language, direction);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
