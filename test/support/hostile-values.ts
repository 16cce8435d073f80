import type { Schema, SchemaReader } from './openapi-document.js';

/**
 * The values the hostile-input generator (hostile-input.ts) sends: per body property by its type, per
 * query and path parameter, and the hostile bodies, content types and query keys of an operation.
 */

/** A JSON value written as text, so that cases can send what JSON.stringify cannot (2^53 + 1, 1e308). */
export type Sample = readonly [label: string, json: string];

export const json = (value: unknown) => JSON.stringify(value);
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
function manyKeys(count: number): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) parts.push(`"k${index}":0`);
  return `{${parts.join(',')}}`;
}

const MANY_KEYS = manyKeys(60_000); // about 0.65 MB: under the body limit, far over any object a client sends
const SOME_KEYS = manyKeys(300);
const HUGE_STRING = json('x'.repeat(200_000));

const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2026-02-30T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-02-28T24:00:00Z',
  '2026-W01',
  '2026',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2026-02-28T10:00:00+25:00',
];

/** Values every body property gets, whatever its type. */
const ANY_BODY_VALUE: Sample[] = [
  ['null', 'null'],
  ['array nested 2,000 deep', deepArray(2000)],
  ['object nested 2,000 deep', deepObject(2000)],
  ['object with 300 keys', SOME_KEYS],
];

const TEXT: Sample[] = [
  ['wrong type: number', '1'],
  ['wrong type: boolean', 'true'],
  ['wrong type: array', '["x"]'],
  ['wrong type: object', '{}'],
  ['empty', '""'],
  ['blank', '" "'],
  ['200,000 characters', HUGE_STRING],
  ['NUL', json('a\u0000b')],
  ['lone high surrogate', json('a\ud800b')],
  ['lone low surrogate', json('\udc00')],
];

const INTEGERS: Sample[] = [
  ['wrong type: string', '"1"'],
  ['wrong type: boolean', 'true'],
  ['wrong type: array', '[1]'],
  ['int4 max', '2147483647'],
  ['int4 + 1', '2147483648'],
  ['below int4', '-2147483649'],
  ['2^53 + 1', '9007199254740993'],
  ['1e308', '1e308'],
  ['-1e308', '-1e308'],
  ['epoch milliseconds', '1767225600000'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
];

export function bodySamples(schema: Schema, reader: SchemaReader): Sample[] {
  const samples: Sample[] = [...ANY_BODY_VALUE];
  switch (schema.type) {
    case 'integer':
    case 'number':
      samples.push(...INTEGERS);
      break;
    case 'boolean':
      samples.push(['wrong type: string', '"true"'], ['wrong type: number', '1'], ['Y', '"Y"']);
      break;
    case 'array':
      samples.push(
        ['wrong type: string', '"x"'],
        ['wrong type: object', '{}'],
        ['empty', '[]'],
        ['[null]', '[null]'],
        ['10,000 items', json(Array.from({ length: 10_000 }, () => reader.valid(schema.items)))],
      );
      break;
    case 'object':
      samples.push(
        ['wrong type: string', '"x"'],
        ['wrong type: array', '[]'],
        ['60,000 keys', MANY_KEYS],
        ['NUL in a key', json({ 'a\u0000': 1 })],
        ['lone surrogate in a key', json({ '\ud800': 1 })],
        ['lone surrogate in a value', json({ k: '\ud800' })],
        ['__proto__ key', '{"__proto__":{"polluted":1}}'],
        ['constructor.prototype', '{"constructor":{"prototype":{}}}'],
        ['toString key', '{"toString":1}'],
      );
      break;
    default:
      samples.push(...TEXT);
      if (schema.format === 'uuid')
        samples.push(['not a UUID', '"not-a-uuid"'], ['nil UUID', json('00000000-0000-0000-0000-000000000000')]);
      if (schema.format === 'date-time' || schema.format === 'date')
        samples.push(...IMPOSSIBLE_DATES.map((date): Sample => [date, json(date)]));
      if (schema.enum && typeof schema.enum[0] === 'string') {
        samples.push(['not in the enum', json(`${schema.enum[0]}x`)], ['enum value with NUL', json(`${schema.enum[0]}\u0000`)]);
      }
  }
  return samples;
}

/** Query and path values, already percent-encoded. */
const ANY_WIRE_VALUE: Sample[] = [
  ['empty', ''],
  ['NUL', '%00'],
  ['lone surrogate as UTF-8 bytes', '%ED%A0%80'],
  ['invalid UTF-8', '%FF%FE'],
  ['4,000 characters', 'x'.repeat(4000)],
];

const WIRE_INTEGERS: Sample[] = [
  ['int4 max', '2147483647'],
  ['int4 + 1', '2147483648'],
  ['below int4', '-2147483649'],
  ['2^53 + 1', '9007199254740993'],
  ['1e308', '1e308'],
  ['epoch milliseconds', '1767225600000'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['hexadecimal', '0x10'],
  ['padded', '%201%20'],
  ['full-width digit', '%EF%BC%91'],
];

export function wireSamples(schema: Schema, where: 'query' | 'path'): Sample[] {
  const samples: Sample[] = [...ANY_WIRE_VALUE, ...WIRE_INTEGERS];
  if (where === 'path')
    samples.push(['dot segments', '..%2F..'], ['not a UUID', 'not-a-uuid'], ['nil UUID', '00000000-0000-0000-0000-000000000000']);
  if (schema.type === 'boolean') samples.push(['maybe', 'maybe']);
  if (schema.format === 'uuid') samples.push(['not a UUID', 'not-a-uuid']);
  if (schema.format === 'date-time' || schema.format === 'date' || schema.type === 'string') {
    samples.push(...IMPOSSIBLE_DATES.map((date): Sample => [date, encodeURIComponent(date)]));
  }
  if (schema.enum && typeof schema.enum[0] === 'string') samples.push(['not in the enum', encodeURIComponent(`${schema.enum[0]}x`)]);
  return samples;
}

export const WRONG_CONTENT_TYPES: Array<[contentType: string | undefined, body: string]> = [
  ['text/plain', '{}'],
  ['application/x-www-form-urlencoded', 'name=x&partnerId=1'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--\r\n'],
  ['application/xml', '<name>x</name>'],
  ['application/pdf', '%PDF-1.4'],
  ['application/json; charset=utf-16', '{}'],
  [undefined, '{}'],
];

export const HOSTILE_BODIES: Sample[] = [
  ['malformed JSON', '{"name":'],
  ['empty body', ''],
  ['top-level null', 'null'],
  ['top-level array', '[]'],
  ['top-level string', '"x"'],
  ['top-level number', '1e308'],
  ['array nested 5,000 deep', deepArray(5000)],
  ['object nested 2,000 deep', deepObject(2000)],
  ['60,000 keys', MANY_KEYS],
  ['__proto__', '{"__proto__":{"polluted":1}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{}}}'],
  ['NUL key', json({ '\u0000': 1 })],
  ['lone surrogate key', json({ '\udfff': 1 })],
  ['over the body limit', json({ name: 'x'.repeat(1_100_000) })],
];

/** Query keys (percent-encoded) every operation answers 400 naming the key as decoded. */
export const QUERY_KEYS_REFUSED: Array<[label: string, key: string, field: string]> = [
  ['NUL', '%00', '\u0000'],
  ['NUL inside', 'a%00b', 'a\u0000b'],
];

export const UNEXPECTED_BODIES: Sample[] = [
  ['malformed JSON', '{"name":'],
  ['array nested 5,000 deep', deepArray(5000)],
  ['60,000 keys', MANY_KEYS],
];
