/**
 * Completes file references in lead metadata for a single lookup: every object (at any depth) with
 * a string `fileKey` gets a `fileUrl` beside it, built by `urlOf` (the CDN URL of that storage key).
 */
export function withFileUrls(metadata: Record<string, unknown>, urlOf: (key: string) => string): Record<string, unknown> {
  return complete(metadata, urlOf) as Record<string, unknown>;
}

function complete(value: unknown, urlOf: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => complete(item, urlOf));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, complete(inner, urlOf)] as const);
  const result: Record<string, unknown> = Object.fromEntries(entries);
  if (typeof result.fileKey === 'string') result.fileUrl = urlOf(result.fileKey);
  return result;
}
