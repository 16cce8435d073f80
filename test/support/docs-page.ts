import request from 'supertest';

interface ServedDocument {
  info: { title: string; description: string };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, { tags?: string[] }>>;
}

/**
 * What a newcomer opening a service's /docs reads (issue 24): a page titled with the service, a
 * document that opens with how to start (the walk-through it names) and closes with what holds for
 * every operation, and every tag an operation uses declared with a description. Returns what failed.
 */
export async function docsPageProblems(url: string, service: string, guide: string): Promise<string[]> {
  const problems: string[] = [];
  const page = await request(url).get('/docs').expect(200);
  if (!page.text.includes(`<title>${service} API</title>`)) problems.push(`the /docs page is not titled "${service} API"`);
  const document = (await request(url).get('/docs/openapi.json').expect(200)).body as ServedDocument;
  if (document.info.title !== service) problems.push(`info.title is ${document.info.title}`);
  if (!document.info.description.includes(guide)) problems.push(`the description does not name ${guide}`);
  if (!document.info.description.endsWith('`429` with `Retry-After`).'))
    problems.push('the description does not close with the problem and rate-limit note');
  const described = new Set((document.tags ?? []).filter((tag) => (tag.description ?? '').length > 0).map((tag) => tag.name));
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const tag of operation.tags ?? []) {
        if (!described.has(tag)) problems.push(`${method.toUpperCase()} ${path}: tag "${tag}" has no description`);
      }
      if ((operation.tags ?? []).length === 0) problems.push(`${method.toUpperCase()} ${path} has no tag`);
    }
  }
  return problems;
}
