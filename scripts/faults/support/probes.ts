/**
 * Requests that must be refused, made from the OpenAPI description of a route: malformed
 * and oversized bodies, wrong content types, wrong types and hostile values for each field,
 * hostile path and query values, bad credentials. Each is invalid in one way only, the rest
 * of it as valid as the description allows, so it reaches as deep into the server as it can.
 */
import { MAX_BODY_BYTES } from '@forja/shared/constants';

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
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

export interface Operation {
  method: string;
  /** As described: `/v0/diary/entries/{id}/`. */
  path: string;
  body: JsonSchema | undefined;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  secured: boolean;
}

export interface Probe {
  operation: Operation;
  /** What is wrong with it, for the failure message. */
  fault: string;
  /** `reject`: must be a 4xx. `survive`: any answer but a 5xx (valid free text in a search). */
  expect: 'reject' | 'survive';
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  chunked?: boolean;
}

/** A JSON literal written as is: `1e999` parses to Infinity, which JSON.stringify cannot say. */
export class RawJson {
  constructor(readonly text: string) {}
}

function serialise(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(serialise).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${serialise(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Hostile text: injections, traversal, markup, look-alike and invisible characters, size. */
export const HOSTILE_TEXT = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); select pg_sleep(10); --",
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '${jndi:ldap://x.example/a}',
  '{{7*7}}',
  '\u202Eevil\u202C 😀👩🏽‍🚀 مرحبا',
  '\u0001\u0002\u001b[31mrojo\u007f',
  '',
  '   ',
  'x'.repeat(100_000),
  'a\u0000b',
  '\ud800',
];
/** The ones that are not valid anywhere text is free: NUL, a lone surrogate, too long. */
const INVALID_ANYWHERE = ['a\u0000b', '\ud800'];

/** Fields whose text has a meaning the server checks, though the schema says only "string". */
const MEANINGFUL_TEXT = new Set([
  'email',
  'confirmation',
  'token',
  'refresh_token',
  'current_password',
  'timezone',
]);

const DAY = '2024-05-01';

/** Values for fields whose valid value the schema cannot tell. */
export interface Known {
  /** Ids by the path segment before the parameter (`entries` → an entry of the caller's). */
  own: Record<string, string>;
  /** Ids of another person's things, by the same segments. */
  foreign: Record<string, string>;
  /** Valid values of body fields by name (`food_id`, `exercise_id`…). */
  fields: Record<string, unknown>;
  token: string;
  foreignUserId: string;
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.enum) return typeof schema.enum[0];
  return undefined;
}

function variants(schema: JsonSchema): JsonSchema[] {
  return schema.oneOf ?? schema.anyOf ?? [schema];
}

/** A valid value as far as the schema (and `known`) tell. */
export function sample(schema: JsonSchema, name: string, known: Known): unknown {
  if (name in known.fields) return known.fields[name];
  const chosen = variants(schema)[0] ?? schema;
  if (chosen.const !== undefined) return chosen.const;
  if (chosen.enum) return chosen.enum[0];
  switch (typeOf(chosen)) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(chosen.properties ?? {})) {
        result[key] = sample(property, key, known);
      }
      return result;
    }
    case 'array':
      return chosen.items ? [sample(chosen.items, name, known)] : [];
    case 'number':
    case 'integer':
      return chosen.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (chosen.format === 'date' || chosen.pattern?.includes('\\d{4}')) return DAY;
      if (chosen.format === 'email' || name === 'email') return 'nadie.faults@example.com';
      if (chosen.pattern === '^[A-Z]{2}$') return 'ES';
      if (chosen.pattern === '^\\d{6}$') return '123456';
      return 'Texto de prueba largo';
    default:
      return null;
  }
}

/** Wrong values for one field, by what the schema says it is. */
function badValues(schema: JsonSchema, name: string): { label: string; value: unknown }[] {
  const all = variants(schema);
  const chosen =
    all.find((variant) => variant.const === undefined && !variant.enum && typeOf(variant)) ??
    all[0] ??
    schema;
  const type = typeOf(chosen);
  // A union such as `'' | barcode | null` accepts null and '' on purpose: neither is a bad value.
  const nullable = [schema, ...all].some(
    (variant) =>
      variant.nullable === true ||
      variant.type === 'null' ||
      (Array.isArray(variant.type) && variant.type.includes('null')),
  );
  const accepted = new Set(
    all.length > 1
      ? all.flatMap((variant) => [
          ...(variant.const !== undefined ? [variant.const] : []),
          ...(variant.enum ?? []),
        ])
      : [],
  );
  const wrong = (values: [string, unknown][]) =>
    values
      .filter(([label]) => !(nullable && label === 'null'))
      .map(([label, value]) => ({ label, value }));
  switch (type) {
    case 'string': {
      const structured =
        all.some(
          (variant) =>
            variant.enum !== undefined ||
            variant.const !== undefined ||
            variant.format !== undefined ||
            variant.pattern !== undefined,
        ) || MEANINGFUL_TEXT.has(name);
      const texts = structured
        ? HOSTILE_TEXT
        : [
            ...INVALID_ANYWHERE,
            ...(chosen.maxLength !== undefined ? ['x'.repeat(chosen.maxLength + 1)] : []),
            ...((chosen.minLength ?? 0) > 0 ? [''] : []),
          ];
      return [
        ...wrong([
          ['a number', 12345],
          ['true', true],
          ['an object', {}],
          ['an array', ['x']],
          ['null', null],
        ]),
        ...texts
          .filter((text) => !accepted.has(text))
          .map((text) => ({
            label: `text ${JSON.stringify(text.slice(0, 24))}`,
            value: text,
          })),
      ];
    }
    case 'number':
    case 'integer':
      return wrong([
        ['-1', -1],
        ['1e308', 1e308],
        ['1e999 (Infinity)', new RawJson('1e999')],
        ['-1e999 (-Infinity)', new RawJson('-1e999')],
        ['"NaN"', 'NaN'],
        ['"12"', '12'],
        ['"abc"', 'abc'],
        ['true', true],
        ['an object', {}],
        ['an array', [1]],
        ...(type === 'integer' ? ([['1.5', 1.5]] as [string, unknown][]) : []),
        ...(chosen.maximum !== undefined
          ? ([[`${chosen.maximum + 1}`, chosen.maximum + 1]] as [string, unknown][])
          : []),
        ...(chosen.minimum !== undefined
          ? ([[`${chosen.minimum - 1}`, chosen.minimum - 1]] as [string, unknown][])
          : []),
      ]);
    case 'boolean':
      return wrong([
        ['"true"', 'true'],
        ['1', 1],
        ['null', null],
        ['an object', {}],
      ]);
    case 'array':
      return wrong([
        ['a string', 'x'],
        ['a number', 1],
        ['an object', {}],
        ['null', null],
        ['50 000 objects', Array.from({ length: 50_000 }, () => ({}))],
      ]);
    case 'object':
      return wrong([
        ['a string', 'x'],
        ['an array', []],
        ['null', null],
      ]);
    default:
      return [];
  }
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    copy[head as number] = setAt(copy[head as number], rest, replacement);
    return copy;
  }
  const object = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  return { ...object, [head as string]: setAt(object[head as string], rest, replacement) };
}

/** Every field of a body schema, nested ones included, with its path. */
function fields(
  schema: JsonSchema,
  path: (string | number)[] = [],
): { path: (string | number)[]; name: string; schema: JsonSchema }[] {
  const chosen = variants(schema)[0] ?? schema;
  const found: { path: (string | number)[]; name: string; schema: JsonSchema }[] = [];
  for (const [key, property] of Object.entries(chosen.properties ?? {})) {
    found.push({ path: [...path, key], name: key, schema: property });
    const inner = variants(property)[0] ?? property;
    if (typeOf(inner) === 'object') found.push(...fields(inner, [...path, key]));
    if (typeOf(inner) === 'array' && inner.items && typeOf(inner.items) === 'object') {
      found.push(...fields(inner.items, [...path, key, 0]));
    }
  }
  return found;
}

function concretePath(operation: Operation, values: Record<string, string>, known: Known): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, param: string) => {
    const value = values[param];
    if (value !== undefined) return value;
    return ownValue(operation.path, param, known);
  });
}

/** The segment before `{param}`: `entries` in `/v0/diary/entries/{id}/`. */
function segmentOf(path: string, param: string): string {
  const parts = path.split('/');
  const index = parts.indexOf(`{${param}}`);
  return parts[index - 1] ?? '';
}

function ownValue(path: string, param: string, known: Known): string {
  const segment = segmentOf(path, param);
  // A route added later whose parameter is not known yet still gets probed, with an id
  // that belongs to nobody.
  return known.own[segment] ?? '9a4f4c1e-0b2a-4c55-8f0e-3d6a2b1c7e90';
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Percent-encodes text for a URL; a lone surrogate becomes the bytes no UTF-8 decoder takes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split(/([\uD800-\uDFFF])/)
      .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/** All the probes of one operation. */
export function probesOf(operation: Operation, known: Known): Probe[] {
  const probes: Probe[] = [];
  const auth = { authorization: `Token ${known.token}` };
  const validPath = concretePath(operation, {}, known);
  const baseline = operation.body ? sample(operation.body, '', known) : undefined;
  const baselineText = baseline === undefined ? undefined : serialise(baseline);
  const add = (
    fault: string,
    request: Partial<Omit<Probe, 'operation' | 'fault' | 'body'>> & { body?: Buffer | string },
  ) => {
    const body = request.body ?? baselineText ?? '';
    probes.push({
      operation,
      fault,
      expect: request.expect ?? 'reject',
      method: request.method ?? operation.method,
      path: request.path ?? validPath,
      headers: request.headers ?? { ...auth, ...(body ? JSON_TYPE : {}) },
      body: Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
      ...(request.chunked ? { chunked: true } : {}),
    });
  };
  const takesBody = operation.method !== 'GET';

  // Path parameters: not an id, someone else's, nobody's, hostile, traversal.
  for (const param of operation.pathParams) {
    const segment = segmentOf(operation.path, param);
    const isDate = segment === 'days' || segment === 'weights' || segment === 'measurements';
    const values: [string, string][] = [
      ...HOSTILE_TEXT.filter((text) => text !== '' && text.length < 10_000).map(
        (text): [string, string] => [`hostile ${JSON.stringify(text.slice(0, 24))}`, encode(text)],
      ),
      ['5000 characters', 'x'.repeat(5000)],
      ['encoded traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
      ['-1', '-1'],
      ['1e999', '1e999'],
      ...(isDate
        ? ([
            ['30 February', '2024-02-30'],
            ['month 13', '2024-13-01'],
            ['before 2000', '1999-12-31'],
            ['after 2100', '2101-01-01'],
            ['five-digit year', '99999-01-01'],
          ] as [string, string][])
        : ([
            ['not a uuid', 'no-es-un-uuid'],
            ['the nil uuid', '00000000-0000-0000-0000-000000000000'],
            ['nobody’s uuid', '3f0c8a52-6a8e-4b8e-9d1e-7c5b2a4d9f10'],
            ['an uppercase nobody’s uuid', '3F0C8A52-6A8E-4B8E-9D1E-7C5B2A4D9F10'],
          ] as [string, string][])),
      ...(known.foreign[segment]
        ? ([['someone else’s', known.foreign[segment]]] as [string, string][])
        : []),
    ];
    for (const [label, value] of values) {
      add(`path ${param}: ${label}`, { path: concretePath(operation, { [param]: value }, known) });
    }
    // Traversal as it comes on the wire, not normalised by a client.
    add(`path ${param}: raw traversal`, {
      path: concretePath(operation, { [param]: '../../../../etc/passwd' }, known),
    });
  }

  // Query parameters: hostile values, and one the route does not know.
  if (operation.query.length > 0) {
    for (const { name, schema } of operation.query) {
      const freeText = typeOf(schema) === 'string' && !schema.enum && !schema.pattern;
      const values = [
        ...HOSTILE_TEXT.filter((text) => text.length < 10_000),
        'x'.repeat(5000),
        '-1',
        '1e999',
        'NaN',
      ];
      for (const value of values) {
        // Text that is merely odd is a fine search; what cannot be text must still be a 4xx.
        // (A lone surrogate goes as the bytes of one, which decode to replacement characters.)
        const survivable =
          freeText && !value.includes('\u0000') && value.length <= (schema.maxLength ?? Infinity);
        add(`query ${name}: ${JSON.stringify(value.slice(0, 24))}`, {
          path: `${validPath}?${name}=${encode(value)}`,
          expect: survivable ? 'survive' : 'reject',
        });
      }
      add(`query ${name}: twice`, {
        path: `${validPath}?${name}=1&${name}=2`,
        expect: freeText ? 'survive' : 'reject',
      });
    }
    add('query: an unknown parameter', { path: `${validPath}?zzz=1` });
  }

  // Credentials: missing, malformed, not ours.
  if (operation.secured) {
    const bad: [string, Record<string, string>][] = [
      ['no Authorization', {}],
      ['scheme only', { authorization: 'Token' }],
      ['another scheme', { authorization: `Bearer ${known.token}` }],
      ['a token one character off', { authorization: `Token ${known.token}x` }],
      ['8000 characters', { authorization: `Token ${'a'.repeat(8000)}` }],
      ['20 KB, more than the HTTP parser takes', { authorization: `Token ${'a'.repeat(20_000)}` }],
      ['three words', { authorization: `Token ${known.token} extra` }],
    ];
    for (const [label, headers] of bad) {
      add(`credentials: ${label}`, {
        headers: { ...headers, ...(baselineText ? JSON_TYPE : {}) },
      });
    }
  }

  if (!takesBody) return probes;

  // Bodies that are not JSON, or not the JSON the route takes.
  const malformed = [
    '{',
    '{"a":',
    '[1,2',
    'nul',
    '{"a":1}}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":undefined}',
    '\u0000',
  ];
  for (const text of malformed) add(`malformed JSON ${JSON.stringify(text)}`, { body: text });
  add('an empty JSON body', { body: '', headers: { ...auth, ...JSON_TYPE } });
  const oversized = `{"x":"${'a'.repeat(MAX_BODY_BYTES)}"}`;
  add('a body over 1 MiB', { body: oversized });
  add('a body over 1 MiB, chunked', { body: oversized, chunked: true });
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=frontera',
    'application/xml',
  ]) {
    add(`content type ${type}`, {
      body: baselineText ?? '{}',
      headers: { ...auth, 'content-type': type },
    });
  }
  if (!operation.body || baselineText === undefined) return probes;

  // The JSON the route takes, wrong in one place.
  for (const text of ['[]', '"texto"', '123', 'true', 'null']) {
    add(`a JSON ${text} instead of an object`, { body: text });
  }
  const inner = baselineText.slice(1);
  add('__proto__ in the body', { body: `{"__proto__":{"enabled":true,"role":"admin"},${inner}` });
  add('constructor.prototype in the body', {
    body: `{"constructor":{"prototype":{"enabled":true}},${inner}`,
  });
  // Fields the route does not take; one it declares (a new row's `id` the app may choose,
  // decision 069) is probed with the rest of its fields below instead.
  const declared = new Set(
    variants(operation.body).flatMap((variant) => Object.keys(variant.properties ?? {})),
  );
  for (const [key, value] of [
    ['enabled', true],
    ['role', 'admin'],
    ['trainer_id', known.foreignUserId],
    ['user_id', known.foreignUserId],
    ['id', known.foreignUserId],
    ['status', 'active'],
  ] as [string, unknown][]) {
    if (declared.has(key)) continue;
    add(`an unknown field ${key}`, { body: serialise({ ...(baseline as object), [key]: value }) });
  }
  for (const field of fields(operation.body)) {
    for (const { label, value } of badValues(field.schema, field.name)) {
      add(`field ${field.path.join('.')}: ${label}`, {
        body: serialise(setAt(baseline, field.path, value)),
      });
    }
  }
  return probes;
}

/** The operations of an OpenAPI document. */
export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []) as {
        in: string;
        name: string;
        schema: JsonSchema;
      }[];
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        body: content?.['application/json']?.schema,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema })),
        secured: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return operations;
}
