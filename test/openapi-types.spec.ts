import { readFile } from 'node:fs/promises';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  items?: Schema;
  $ref?: string;
  allOf?: Schema[];
};

/**
 * Every property of both committed documents has a real type. A nullable string declared as
 * `string | null` without an explicit type comes out as `type: object` (the decorator sees only
 * `Object` in the emitted metadata), and a client generated from the document could then not send
 * or read the string; a free-form object must say so (`additionalProperties`). A nullable reference
 * (`{type: object, nullable, allOf: [$ref]}`) is typed by what it refers to.
 */
describe('OpenAPI property types', () => {
  it.each(['openapi/coverage-claims.json', 'openapi/lead-distribution.json'])('%s types no property as a bare object', async (file) => {
    const document = JSON.parse(await readFile(file, 'utf8')) as { components: { schemas: Record<string, Schema> } };
    const bare: string[] = [];
    const walk = (schema: Schema | undefined, path: string) => {
      if (!schema) return;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (property.type === 'object' && !property.properties && property.additionalProperties === undefined && !property.allOf?.[0]?.$ref)
          bare.push(`${path}.${name}`);
        walk(property, `${path}.${name}`);
        walk(property.items, `${path}.${name}[]`);
      }
    };
    for (const [name, schema] of Object.entries(document.components.schemas)) walk(schema, name);
    expect(bare).toEqual([]);
  });
});
