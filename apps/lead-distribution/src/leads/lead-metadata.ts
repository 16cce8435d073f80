import type { FieldError } from '#platform';

/** A `fileKey` in lead metadata and where it is (`metadata.recording.fileKey`). */
export interface FileReference {
  field: string;
  key: string;
}

/**
 * Lead metadata is data, not links. Reads the file references of a registration's metadata: every
 * `fileKey` (at any depth, arrays included) must be a storage key string without `..` segments, and
 * a `fileUrl` is refused wherever it appears (the service builds those). Whether each key names a
 * file of the product's provider is the caller's next check (FilesService.requireProviderFiles).
 */
export function fileReferencesOf(metadata: Record<string, unknown>): { references: FileReference[]; errors: FieldError[] } {
  const references: FileReference[] = [];
  const errors: FieldError[] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      const field = `${path}.${key}`;
      if (key === 'fileUrl') errors.push({ field, message: 'is built by the service: reference an uploaded file by fileKey instead' });
      else if (key === 'fileKey') {
        if (typeof inner === 'string' && isStorageKey(inner)) references.push({ field, key: inner });
        else errors.push({ field, message: 'must be the key of a file uploaded through POST /api/v1/files/presigned' });
      } else walk(inner, field);
    }
  };
  walk(metadata, 'metadata');
  return { references, errors };
}

/** Relative, `/`-separated, no empty, `.` or `..` segment, no backslash or control character. */
function isStorageKey(key: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (key.length === 0 || key.length > 255 || /[\\\u0000-\u001f]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * Metadata as responses show it: a `fileUrl` stored before URLs were refused is dropped everywhere,
 * and, when `urlOf` is given (the single lookup), every object with a string `fileKey` gets a
 * `fileUrl` beside it built by `urlOf` (the CDN URL of that storage key), unless `urlOf` gives none
 * for the key (not a file the lead may link). Only the service's URLs go out.
 */
export function shownMetadata(metadata: Record<string, unknown>, urlOf?: (key: string) => string | undefined): Record<string, unknown> {
  return shown(metadata, urlOf) as Record<string, unknown>;
}

function shown(value: unknown, urlOf: ((key: string) => string | undefined) | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => shown(item, urlOf));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .filter(([key]) => key !== 'fileUrl')
    .map(([key, inner]) => [key, shown(inner, urlOf)] as const);
  const result: Record<string, unknown> = Object.fromEntries(entries);
  const url = urlOf && typeof result.fileKey === 'string' ? urlOf(result.fileKey) : undefined;
  if (url !== undefined) result.fileUrl = url;
  return result;
}
