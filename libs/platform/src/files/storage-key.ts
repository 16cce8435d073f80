import type { EvidenceMimeType } from '#contracts';

// Written out rather than taken from a MIME database: keys are a contract, and a database update
// must not change them (mime-db names audio/mpeg "mpga", for one).
const EXTENSIONS: Record<EvidenceMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
};

/** `<folder><yyyy>/<mm>/<fileId>.<ext>`, the month in UTC; `folder` ends with a slash. The caller's file name never enters it. */
export function datedStorageKey(folder: string, fileId: string, mimeType: EvidenceMimeType, at: Date): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${folder}${at.getUTCFullYear()}/${month}/${fileId}.${EXTENSIONS[mimeType]}`;
}
