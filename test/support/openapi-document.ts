import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** The parts of a committed OpenAPI document the hostile-input and security-header tests read. */

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  nullable?: boolean;
  example?: unknown;
  minimum?: number;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export async function readOpenApiDocument(file: string): Promise<OpenApiDocument> {
  return JSON.parse(await readFile(file, 'utf8')) as OpenApiDocument;
}

export class SchemaReader {
  constructor(private readonly document: OpenApiDocument) {}

  /** The schema with its $ref followed and allOf merged. */
  resolve(schema: Schema | undefined): Schema {
    if (!schema) return {};
    if (schema.$ref) return this.resolve(this.document.components.schemas[schema.$ref.split('/').pop()!]);
    if (!schema.allOf) return schema;
    const { allOf, ...own } = schema;
    return allOf.reduce<Schema>((merged, part) => ({ ...this.resolve(part), ...merged }), own);
  }

  /** A value the operation accepts as far as the document tells: examples, the first enum value, required properties only. */
  valid(schema: Schema | undefined): unknown {
    const resolved = this.resolve(schema);
    if (resolved.example !== undefined) return resolved.example;
    if (resolved.enum) return resolved.enum[0];
    switch (resolved.type) {
      case 'integer':
      case 'number':
        return Math.max(resolved.minimum ?? 1, 1);
      case 'boolean':
        return true;
      case 'array':
        return [this.valid(resolved.items)];
      case 'object':
        return Object.fromEntries((resolved.required ?? []).map((name) => [name, this.valid(resolved.properties?.[name])]));
      default:
        if (resolved.format === 'uuid') return randomUUID();
        if (resolved.format === 'date-time') return new Date().toISOString();
        return 'x';
    }
  }

  /** Every property below `schema` (at any depth, array items as index 0), with its path. */
  *properties(schema: Schema, path: Array<string | number> = []): Generator<{ path: Array<string | number>; schema: Schema }> {
    const resolved = this.resolve(schema);
    if (resolved.type === 'array' && resolved.items) {
      const items = this.resolve(resolved.items);
      if (items.properties) yield* this.properties(items, [...path, 0]);
      else if (path.length > 0) yield { path: [...path, 0], schema: items };
      return;
    }
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      const child = this.resolve(property);
      yield { path: [...path, name], schema: child };
      if (child.properties || child.type === 'array') yield* this.properties(child, [...path, name]);
    }
  }

  /** `base` with the value at `path` replaced by a marker, creating the containers on the way from their schemas. */
  withMarker(base: unknown, schema: Schema, path: Array<string | number>, marker: string): unknown {
    if (path.length === 0) return marker;
    const resolved = this.resolve(schema);
    const [head, ...rest] = path;
    if (typeof head === 'number') {
      const items = Array.isArray(base) && base.length > 0 ? base : [this.valid(resolved.items)];
      return [this.withMarker(items[0], resolved.items ?? {}, rest, marker), ...items.slice(1)];
    }
    const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
    const childSchema = resolved.properties?.[head!] ?? {};
    const child = object[head!] ?? this.valid(childSchema);
    return { ...object, [head!]: this.withMarker(child, childSchema, rest, marker) };
  }
}
