/**
 * A signed URL of this service's own download route as a path: with local storage the service signs
 * absolute URLs on PUBLIC_BASE_URL, which is not the console's origin when it was opened at another
 * address (localhost, a port-forward); the path works from wherever it was. Object-storage URLs
 * (another origin, CONSOLE_MEDIA_ORIGINS) stay as they are.
 */
export function sameOriginDownload(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return parsed.pathname.startsWith('/api/v1/files/download/') ? `${parsed.pathname}${parsed.search}` : url;
}
