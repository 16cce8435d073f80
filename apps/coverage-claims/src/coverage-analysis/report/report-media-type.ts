import type { ReportFormat } from '../../pdf/rendered-report.js';

const MEDIA_TYPES: Readonly<Record<ReportFormat, string>> = { pdf: 'application/pdf', json: 'application/json' };

/**
 * The report format an Accept header asks for (RFC 9110 §12.5.1): the PDF when the header is
 * missing or empty, or when both are equally acceptable; null when it accepts neither (406).
 * Each media type is weighed by the most specific range that matches it (application/pdf over
 * application/* over *\/*).
 */
export function reportFormatFor(accept: string | undefined): ReportFormat | null {
  if (accept === undefined || accept.trim() === '') return 'pdf';
  const ranges = accept
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const q = parameters.find((parameter) => /^q=/i.test(parameter));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { range: range.toLowerCase(), quality: Number.isFinite(quality) ? Math.min(Math.max(quality, 0), 1) : 0 };
    });
  const qualityOf = (mediaType: string): number => {
    const [type] = mediaType.split('/');
    const match =
      ranges.find((entry) => entry.range === mediaType) ??
      ranges.find((entry) => entry.range === `${type}/*`) ??
      ranges.find((entry) => entry.range === '*/*');
    return match?.quality ?? 0;
  };
  const pdf = qualityOf(MEDIA_TYPES.pdf);
  const json = qualityOf(MEDIA_TYPES.json);
  if (pdf === 0 && json === 0) return null;
  return json > pdf ? 'json' : 'pdf';
}

export const reportMediaType = (format: ReportFormat): string => MEDIA_TYPES[format];
