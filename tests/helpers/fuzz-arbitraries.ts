// fast-check arbitraries read from the shared zod schemas (src/schemas/, zod and zod/mini alike):
// values that mostly pass a field's checks (so a request reaches the handler behind them) and
// otherwise sit at and past the field's limits, carry hostile Unicode, or have the wrong type.
// The limits are read from the schema itself (max_length, greater_than, ...), so a limit changed
// in src/schemas is fuzzed at its new value.
import fc from 'fast-check';
import type { z } from 'zod';

type AnySchema = z.core.$ZodType;
/** What zod keeps under each schema's (and check's) _zod.def, by type; only what is read here. */
interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: AnySchema[];
  check?: string;
  maximum: number;
  minimum: number;
  length: number;
  value: unknown;
  inclusive?: boolean;
  in: AnySchema;
  out: AnySchema;
  innerType: AnySchema;
  getter: () => AnySchema;
  entries: Record<string, unknown>;
  values: Iterable<unknown>;
  items: AnySchema[];
  options: AnySchema[];
  left: AnySchema;
  right: AnySchema;
  valueType: AnySchema;
  shape: Record<string, AnySchema>;
  element: AnySchema;
}

/** Values the generator may use for a field of this name (real ids, tokens, e-mails). */
export type Hints = Record<string, readonly unknown[]>;

/** Strings no form expects: lone surrogates, RTL overrides, zero-width, NUL, markup, SQL. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  'مرحبا بالعالم',
  'שלום',
  '𝕳𝖊𝖑𝖑𝖔 😀👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301\u0301',
  '\r\nBcc: victim@example.com',
  "'; drop table users; --",
  '%00%2e%2e%2f',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '0x1f',
  '9007199254740993',
  '\t\n\v\f\r',
];

/** Numbers at the edges: signs, zero, floats, the largest safe integer and past it. */
const EDGE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  1.5,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  5e-324,
];

/** Characters a string at its limit is made of: one, two and three UTF-8 bytes, a surrogate pair. */
const LIMIT_UNITS = ['a', 'é', '€', '😀', '\u200b', '\u0000', '\ud800', '<'];

function def(schema: AnySchema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

interface Limits {
  min?: number;
  max?: number;
  patterns: RegExp[];
  format?: string;
  int?: boolean;
  gt?: { value: number; inclusive: boolean };
  lt?: { value: number; inclusive: boolean };
}

/** The checks of a schema and of the schemas a pipe sends its value through. */
function limitsOf(schema: AnySchema, into: Limits = { patterns: [] }): Limits {
  const d = def(schema);
  if (d.format) into.format ??= d.format;
  if (d.pattern instanceof RegExp) into.patterns.push(d.pattern);
  if (d.type === 'number' && d.format && /int/.test(d.format)) into.int = true;
  for (const check of d.checks ?? []) {
    const c = def(check);
    if (c.check === 'max_length') into.max = Math.min(into.max ?? Infinity, c.maximum);
    if (c.check === 'min_length') into.min = Math.max(into.min ?? 0, c.minimum);
    if (c.check === 'length_equals') into.min = into.max = c.length;
    if (c.check === 'string_format') {
      if (c.format) into.format ??= c.format;
      if (c.pattern instanceof RegExp) into.patterns.push(c.pattern);
    }
    if (c.check === 'number_format' && /int/.test(String(c.format))) into.int = true;
    if (c.check === 'greater_than') into.gt = { value: Number(c.value), inclusive: Boolean(c.inclusive) };
    if (c.check === 'less_than') into.lt = { value: Number(c.value), inclusive: Boolean(c.inclusive) };
  }
  if (d.type === 'pipe') {
    limitsOf(d.in, into);
    if (def(d.out).type === d.type || ['string', 'array', 'number', 'pipe'].includes(def(d.out).type)) {
      limitsOf(d.out, into);
    }
  }
  return into;
}

/** A string of exactly `length` UTF-16 units made of `unit` (a pair counts as two). */
function ofLength(unit: string, length: number): string {
  if (length <= 0) return '';
  const repeated = unit.repeat(Math.ceil(length / unit.length));
  // Cutting a surrogate pair in half leaves a lone surrogate: hostile on purpose.
  return repeated.slice(0, length);
}

/** Strings at and just past a maximum, or just short of a minimum, of each kind of character. */
function limitStrings(limits: { min?: number; max?: number }): fc.Arbitrary<string> {
  const lengths: number[] = [];
  if (limits.max !== undefined) lengths.push(limits.max, limits.max + 1, limits.max * 2 + 7);
  if (limits.min !== undefined && limits.min > 0) lengths.push(limits.min, limits.min - 1);
  if (lengths.length === 0) lengths.push(1000, 20_000);
  return fc
    .tuple(fc.constantFrom(...lengths), fc.constantFrom(...LIMIT_UNITS), fc.boolean())
    .map(([length, unit, padded]) => {
      const body = ofLength(unit, length);
      // Whitespace around: a trimmed string may fit where the raw one does not, or the reverse.
      return padded ? `  ${body}  ` : body;
    });
}

/** Anything but the expected type. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...EDGE_NUMBERS),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function validishString(limits: Limits, hint: readonly unknown[] | undefined): fc.Arbitrary<unknown> {
  const max = Math.min(limits.max ?? 40, 60);
  const min = Math.min(limits.min ?? 0, max);
  const options: fc.Arbitrary<unknown>[] = [];
  if (hint && hint.length > 0) options.push(fc.constantFrom(...hint), fc.constantFrom(...hint));
  const format = limits.format;
  if (format === 'uuid' || format === 'guid') options.push(fc.uuid());
  else if (format === 'email') options.push(fc.emailAddress());
  else if (format === 'url') options.push(fc.webUrl());
  else if (format === 'date')
    options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
  else if (format === 'datetime') options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  for (const pattern of limits.patterns) {
    // fast-check reads a pattern without flags; a case-insensitive one is matched by its own case.
    const plain = new RegExp(pattern.source, pattern.flags.replace(/[igyd]/g, ''));
    try {
      options.push(
        fc
          .stringMatching(plain)
          .filter((s) => s.length <= (limits.max ?? Infinity) && s.length >= (limits.min ?? 0)),
      );
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): the other generators cover it.
    }
  }
  options.push(fc.string({ minLength: min, maxLength: max }));
  options.push(fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }));
  return fc.oneof(...options);
}

function hostileString(limits: Limits): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    limitStrings(limits),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.array(fc.constantFrom(...HOSTILE_STRINGS), { maxLength: 4 }).map((parts) => parts.join('')),
  );
}

function numberValues(limits: Limits): fc.Arbitrary<unknown> {
  const edges = new Set<number>(EDGE_NUMBERS);
  for (const bound of [limits.gt, limits.lt]) {
    if (bound) for (const delta of [-1, -0.5, 0, 0.5, 1]) edges.add(bound.value + delta);
  }
  const low = limits.gt?.value ?? -1000;
  const high = limits.lt?.value ?? 1000;
  const inRange = limits.int
    ? fc.integer({ min: Math.max(Math.ceil(low), -1e9), max: Math.min(Math.floor(high), 1e9) })
    : fc.oneof(
        fc.integer({ min: Math.max(Math.ceil(low), -1e9), max: Math.min(Math.floor(high), 1e9) }),
        fc.double({ min: low, max: high, noNaN: true }),
      );
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', 'NaN', '1e308', '0x10', ' 1 ', '', '1,000') },
  );
}

export interface BuildOptions {
  hints: Hints;
  /** Name of the field being built, for its hints. */
  key?: string | undefined;
  depth?: number;
}

/**
 * Values for `schema`: valid-looking ones (weight 5), hostile strings and limits (2), the wrong
 * type (1).
 */
export function fromSchema(schema: AnySchema, options: BuildOptions): fc.Arbitrary<unknown> {
  const depth = options.depth ?? 0;
  if (depth > 6) return wrongType;
  const d = def(schema);
  const hint = options.key ? options.hints[options.key] : undefined;
  const inner = (s: AnySchema, key = options.key) => fromSchema(s, { ...options, key, depth: depth + 1 });
  const mix = (valid: fc.Arbitrary<unknown>, hostile: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { weight: 5, arbitrary: valid },
      { weight: 2, arbitrary: hostile },
      { weight: 1, arbitrary: wrongType },
    );
  switch (d.type) {
    case 'string': {
      const limits = limitsOf(schema);
      return mix(validishString(limits, hint), hostileString(limits));
    }
    case 'number':
    case 'int': {
      const limits = limitsOf(schema);
      return mix(numberValues(limits), fc.constantFrom(...EDGE_NUMBERS));
    }
    case 'bigint':
      return mix(fc.integer(), fc.constantFrom('1', '9007199254740993'));
    case 'boolean':
      return mix(fc.boolean(), fc.constantFrom('true', 'false', 0, 1, 'on'));
    case 'null':
      return mix(fc.constant(null), fc.constant('null'));
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'date':
      return mix(
        fc.date().map((x) => x.toISOString()),
        fc.constantFrom(...HOSTILE_STRINGS),
      );
    case 'enum': {
      const values = Object.values(d.entries);
      return mix(
        fc.constantFrom(...values),
        fc.constantFrom(...values.map((v) => String(v).toLowerCase() + ' '), ...HOSTILE_STRINGS),
      );
    }
    case 'literal': {
      const values = [...d.values];
      return mix(fc.constantFrom(...values), fc.constantFrom(...HOSTILE_STRINGS));
    }
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.oneof(
        { weight: 4, arbitrary: inner(d.innerType) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      );
    case 'nullable':
      return fc.oneof(
        { weight: 4, arbitrary: inner(d.innerType) },
        { weight: 1, arbitrary: fc.constant(null) },
      );
    case 'lazy':
      return inner(d.getter());
    case 'pipe': {
      const source = def(d.in).type === 'transform' ? d.out : d.in;
      const innerDef = def(source);
      if (innerDef.type === 'string') {
        const limits = limitsOf(schema);
        return mix(validishString(limits, hint), hostileString(limits));
      }
      if (innerDef.type === 'array') {
        return arrayOf(source, limitsOf(schema), options, depth);
      }
      return inner(source);
    }
    case 'transform':
    case 'any':
    case 'unknown':
    case 'custom':
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...HOSTILE_STRINGS));
    case 'array':
      return arrayOf(schema, limitsOf(schema), options, depth);
    case 'tuple':
      return mix(
        fc.tuple(...d.items.map((item) => inner(item))),
        fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }),
      );
    case 'union':
      return fc.oneof(...d.options.map((option) => inner(option)));
    case 'intersection':
      return fc.oneof(inner(d.left), inner(d.right));
    case 'record':
      return mix(
        fc.dictionary(fc.string({ maxLength: 20 }), inner(d.valueType), { maxKeys: 5 }),
        fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 30 }),
      );
    case 'object': {
      const shape = d.shape;
      const keys = Object.keys(shape);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) record[key] = inner(shape[key]!, key);
      const full = fc.record(record);
      return fc.oneof(
        { weight: 6, arbitrary: full },
        // A field missing, or one more the schema does not name.
        { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              full,
              fc.constantFrom('id', 'owner_id', 'status', 'isAdmin', 'role', 'x'),
              fc.jsonValue({ maxDepth: 1 }),
            )
            .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
        },
        { weight: 1, arbitrary: wrongType },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function arrayOf(
  schema: AnySchema,
  limits: Limits,
  options: BuildOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  const element = fromSchema(def(schema).element, { ...options, depth: depth + 1 });
  const max = limits.max ?? 8;
  const valid = fc.array(element, {
    minLength: Math.min(limits.min ?? 0, max),
    maxLength: Math.min(max, 12),
  });
  const past = fc.array(element, { minLength: max + 1, maxLength: max + 3 });
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 1, arbitrary: past },
    { weight: 1, arbitrary: wrongType },
  );
}

/**
 * One field of an object schema set to a value built from that field's own schema (valid or
 * not): applied to a known-valid body, it reaches the checks behind the schema (a proof of work,
 * a ZIP in our area, a token) one field at a time. Null when the schema is not an object.
 */
export function fieldMutations(schema: AnySchema, hints: Hints): fc.Arbitrary<[string, unknown]> | null {
  let d = def(schema);
  while (d.type === 'pipe') d = def(d.in);
  if (d.type !== 'object') return null;
  const keys = Object.keys(d.shape);
  if (keys.length === 0) return null;
  return fc.oneof(
    ...keys.map((key) =>
      fromSchema(d.shape[key]!, { hints, key }).map((value): [string, unknown] => [key, value]),
    ),
  );
}
