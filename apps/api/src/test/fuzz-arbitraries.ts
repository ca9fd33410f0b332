import fc from 'fast-check';

/*
 * fast-check arbitraries for fuzzing the API from its contracts (src/test/fuzz.test.ts): a small
 * generator over the JSON Schema that z.toJSONSchema makes of each route's zod schemas (what
 * app.swagger() publishes), plus boundary values and hostile values for any field.
 */

/** The subset of JSON Schema that z.toJSONSchema emits for the contracts. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

/** Ids of rows that exist, so generated ids sometimes hit a real row. */
export interface KnownIds {
  uuids: string[];
  integers: number[];
}

const KB10 = 10 * 1024;
/** Just under the 1 MiB body limit once JSON-quoted, so it reaches validation. */
const NEARLY_1MB = 1_000_000;

export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '</script><script>alert(document.cookie)</script>',
] as const;

const SQL_PAYLOADS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(0); --',
  "' UNION SELECT phone_number FROM users --",
  '$1',
  '\\',
  "''''''",
] as const;

export const TRAVERSAL_PAYLOADS = [
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%252f..%252fetc%252fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '....//....//etc/passwd',
  '%00',
  '.',
  '..',
] as const;

const UNICODE_PAYLOADS = [
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'שלום',
  'Ｚａｌｇｏ̸̢̛̖͓̀͐',
  '\uFEFFbom',
  'a\u0000b',
  '\u0000',
  '\uD800',
  '\uDFFFx\uD800',
  '\u2028\u2029',
  '\r\n\r\nX-Injected: 1',
  'ß'.repeat(60),
] as const;

const ODD_STRINGS = [
  '',
  ' ',
  '   \t\n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '1.5',
  'true',
  '[]',
  '{}',
  '%',
  '%ff',
  '%E0%A4%A',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
] as const;

let bigStrings: string[] | undefined;
/** 10 KB strings, made once per run (the ~1 MB ones travel in bodies: hugeJsonBodies). */
function hugeStrings(): string[] {
  bigStrings ??= [
    'x'.repeat(KB10),
    '<script>alert(1)</script>'.repeat(Math.ceil(KB10 / 25)),
    '😀'.repeat(KB10 / 2),
  ];
  return bigStrings;
}

let bigBodies: string[] | undefined;
/** ~1 MB JSON bodies, just under the body limit, with the string in each field of the schema. */
export function hugeJsonBodies(): string[] {
  bigBodies ??= [
    JSON.stringify({ title: 'a'.repeat(NEARLY_1MB) }),
    JSON.stringify(['<'.repeat(NEARLY_1MB / 2)]),
    JSON.stringify({ a: '😀'.repeat(NEARLY_1MB / 8) }),
  ];
  return bigBodies;
}

/** Strings no field should ever choke on: SQL, HTML, traversal, unicode, odd literals, huge. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HTML_PAYLOADS, ...SQL_PAYLOADS) },
    { weight: 2, arbitrary: fc.constantFrom(...TRAVERSAL_PAYLOADS, ...UNICODE_PAYLOADS) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS) },
    { weight: 1, arbitrary: fc.constantFrom(...hugeStrings()) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  );
}

const ODD_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
] as const;

/** Any value of the wrong kind: hostile strings, odd numbers, null, arrays, objects, booleans. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileString() },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(...ODD_NUMBERS) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        [],
        {},
        [null],
        ['a', 'b'],
        { $gt: '' },
        { a: { b: { c: [1, { d: null }] } } },
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function numberBounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : Number.EPSILON;
  const min =
    schema.minimum ??
    (schema.exclusiveMinimum === undefined ? -(2 ** 31) : schema.exclusiveMinimum + step);
  const max =
    schema.maximum ??
    (schema.exclusiveMaximum === undefined ? 2 ** 31 - 1 : schema.exclusiveMaximum - step);
  return { min, max };
}

const ISO_DATE = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());

function validString(schema: JsonSchema, known: KnownIds): fc.Arbitrary<string> {
  if (schema.format === 'uuid') {
    return known.uuids.length > 0
      ? fc.oneof(fc.uuid(), fc.constantFrom(...known.uuids))
      : fc.uuid();
  }
  if (schema.format === 'date') return ISO_DATE.map((s) => s.slice(0, 10));
  if (schema.format === 'date-time') return ISO_DATE;
  if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      pattern = undefined;
    }
    if (pattern) {
      // Cut to maxLength rather than filtered: filtering long matches out is slow, and a cut
      // match that no longer matches is one more boundary case.
      const max = schema.maxLength ?? 200;
      return fc.stringMatching(pattern, { size: 'small' }).map((s) => s.slice(0, max));
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, minLength + 200);
  const padded = (payload: string) =>
    (payload.length < minLength ? payload.padEnd(minLength, '.') : payload).slice(0, maxLength);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
    // Within bounds yet hostile: these are the values that get stored and shown back.
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...HTML_PAYLOADS, ...SQL_PAYLOADS, ...UNICODE_PAYLOADS)
        .map(padded)
        .filter((s) => s.length >= minLength),
    },
  );
}

/** A value the schema accepts (as far as this generator understands the schema). */
function validValue(schema: JsonSchema, known: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validValue(s, known, depth)));
  const types = typesOf(schema);
  if (types.length === 0) return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema, known);
        case 'integer': {
          const { min, max } = numberBounds(schema, true);
          const inRange = known.integers.filter((n) => n >= min && n <= max);
          const arb = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
          return inRange.length > 0 ? fc.oneof(arb, fc.constantFrom(...inRange)) : arb;
        }
        case 'number': {
          const { min, max } = numberBounds(schema, false);
          return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
        }
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(schema.items ? validValue(schema.items, known, depth + 1) : fc.string(), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
          });
        case 'object':
          return objectOf(schema, (s) => validValue(s, known, depth + 1));
        default:
          return fc.constant(null);
      }
    }),
  );
}

function objectOf(
  schema: JsonSchema,
  field: (schema: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) record[key] = field(value);
  return fc.record(record, { requiredKeys: schema.required ?? [] });
}

/** Edge values of the schema's own bounds, and just past them. */
function boundaryValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const values: unknown[] = [];
  for (const type of typesOf(schema)) {
    if (type === 'string') {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 256;
      values.push('', 'a'.repeat(min), 'a'.repeat(max), 'a'.repeat(max + 1));
      values.push(' '.repeat(max + 1), 'é'.repeat(max), '😀'.repeat(max));
      if (min > 0) values.push('a'.repeat(min - 1));
      if (schema.format === 'uuid') {
        values.push(
          '00000000-0000-0000-0000-000000000000',
          'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
          '{3f2a9c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b}',
          '3f2a9c4e5b6d4e7f8a9b0c1d2e3f4a5b',
          '3f2a9c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5',
        );
      }
      if (schema.format === 'date') values.push('2024-02-30', '0000-01-01', '9999-12-31');
    } else if (type === 'integer' || type === 'number') {
      const { min, max } = numberBounds(schema, type === 'integer');
      values.push(min, max, min - 1, max + 1, min + 0.5, ...ODD_NUMBERS);
    } else if (type === 'array') {
      values.push(
        [],
        Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => 'a'),
      );
    } else if (type === 'object') {
      values.push({});
    } else if (type === 'boolean') {
      values.push('true', 0, 1);
    }
  }
  if (schema.enum) values.push(...schema.enum.map((v) => (typeof v === 'string' ? `${v} ` : v)));
  return values.length > 0 ? fc.constantFrom(...values) : hostileValue();
}

/**
 * Mostly-valid values with hostile or boundary parts: each field is valid, at a boundary or
 * hostile, so one bad field rides along with otherwise valid ones.
 */
function mixedValue(schema: JsonSchema, known: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  if (types.includes('object') && schema.properties && depth < 3) {
    const base = objectOf(schema, (s) => mixedValue(s, known, depth + 1));
    return fc.oneof(
      { weight: 4, arbitrary: base },
      // Unknown and duplicate-looking fields.
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.oneof(hostileString(), fc.string()), hostileValue())
          .map(([object, key, value]) => ({ ...object, [key]: value })),
      },
    );
  }
  return fc.oneof(
    { weight: 5, arbitrary: validValue(schema, known, depth) },
    { weight: 2, arbitrary: boundaryValue(schema) },
    { weight: 2, arbitrary: hostileValue() },
  );
}

const made = new WeakMap<KnownIds, WeakMap<JsonSchema, fc.Arbitrary<unknown>>>();

/**
 * Any value for a schema: fully valid, mixed, at a boundary, or of the wrong kind altogether.
 * Made once per schema object: some (a \p{L} pattern) are slow to build, and requests are built
 * per run inside chain().
 */
export function valueFor(schema: JsonSchema, known: KnownIds): fc.Arbitrary<unknown> {
  let bySchema = made.get(known);
  if (!bySchema) made.set(known, (bySchema = new WeakMap()));
  let arbitrary = bySchema.get(schema);
  if (!arbitrary) bySchema.set(schema, (arbitrary = buildValueFor(schema, known)));
  return arbitrary;
}

function buildValueFor(schema: JsonSchema, known: KnownIds): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema, known) },
    { weight: 4, arbitrary: mixedValue(schema, known) },
    { weight: 1, arbitrary: boundaryValue(schema) },
    { weight: 1, arbitrary: hostileValue() },
  );
}

/** Raw JSON bodies that are not what a route expects: broken, deep, prototype-polluting, odd. */
export const HOSTILE_JSON_BODIES = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '"unterminated',
  '\uFEFF{}',
  'null',
  '1',
  '"a string"',
  '[]',
  '[{}]',
  '{"__proto__":{"isAdmin":true,"canPost":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
  '{"n":1e999999}',
  '{"s":"\\ud800"}',
  '{"s":"\\u0000"}',
] as const;

/** Content types a JSON route should refuse or cope with. */
export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/jsonx',
  'application/octet-stream',
  ';;;',
] as const;
