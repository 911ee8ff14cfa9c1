// One codec for every keyset list's page cursor. A cursor is base64url of a JSON array
// [version, list, ...values], a dot, and an HMAC-SHA256 of that text (16 bytes, base64url) under
// the server's cursor key (config/security.ts pageCursorKey). The list's name binds it to the list that
// made it; the signature means only cursors this server made are read at all, and each value is
// still checked for its kind before it goes near SQL. Any other cursor - garbage, a truncated one,
// one of another list, one written by hand, an impossible time such as 2026-13-45 that fits the
// pattern - is a 400 with INVALID_CURSOR, never a database error (a 500).
// A time travels as PostgreSQL prints it (`created_at::text`, microseconds kept) and goes back
// as text cast in SQL (`${at}::text::timestamptz`): a JS Date would keep milliseconds only.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCalendarDay } from '../../schemas/day.ts';
import {
  INVALID_CURSOR,
  MAX_CURSOR_CHARS,
  MAX_CURSOR_TEXT,
  MAX_CURSOR_TEXT_BYTES,
} from '../../schemas/cursor.ts';
import { pageCursorKey } from './config/security.ts';
import { AppError } from './errors.ts';

export { INVALID_CURSOR } from '../../schemas/cursor.ts';

/** Bumped when a list's cursor changes meaning: the old ones are then refused, not misread. */
const CURSOR_VERSION = 1;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;
const SHAPE = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;
const SIGNATURE_BYTES = 16;

const sign = (payload: string): Buffer =>
  createHmac('sha256', pageCursorKey()).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/** What a cursor's value is: a timestamptz as PostgreSQL prints it, a uuid, text, or an integer. */
export type CursorKind = 'time' | 'uuid' | 'text' | 'int';
type ValueOf<K extends CursorKind> = K extends 'int' ? number : string;
type Values<K extends readonly CursorKind[]> = { [I in keyof K]: ValueOf<K[I]> };

/** A time PostgreSQL can read: a calendar day (year 1 on), a real hour, minute and second. */
function isCursorTime(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [, day, hours, minutes, seconds, offsetHours, offsetMinutes] = match;
  return (
    isCalendarDay(day!) &&
    Number(hours) <= 23 &&
    Number(minutes) <= 59 &&
    Number(seconds) <= 59 &&
    Number(offsetHours) <= 15 &&
    Number(offsetMinutes ?? '0') <= 59
  );
}

function validValue(kind: CursorKind, value: unknown): boolean {
  switch (kind) {
    case 'time':
      return typeof value === 'string' && isCursorTime(value);
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
    case 'text':
      // PostgreSQL text holds no NUL, and a lone surrogate is no UTF-8.
      return (
        typeof value === 'string' &&
        value.length > 0 &&
        value.length <= MAX_CURSOR_TEXT &&
        Buffer.byteLength(JSON.stringify(value)) <= MAX_CURSOR_TEXT_BYTES &&
        !value.includes('\u0000') &&
        value.isWellFormed()
      );
  }
}

export interface CursorCodec<K extends readonly CursorKind[]> {
  /** The cursor of the page after the row with these sort values. */
  make(values: Values<K>): string;
  /** The values of a cursor this list made; a 400 (INVALID_CURSOR) for anything else. */
  read(raw: string): Values<K>;
}

/** The codec of one list (its name unique among the lists) whose keyset is `kinds`. */
export function cursorCodec<const K extends readonly CursorKind[]>(list: string, kinds: K): CursorCodec<K> {
  const refuse = (): never => {
    throw new AppError('BAD_REQUEST', INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
  };
  return {
    make(values) {
      const payload = Buffer.from(JSON.stringify([CURSOR_VERSION, list, ...values])).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    read(raw) {
      const shape = raw.length <= MAX_CURSOR_CHARS ? SHAPE.exec(raw) : null;
      if (!shape) return refuse();
      const [, payload, signature] = shape as unknown as [string, string, string];
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, sign(payload))) return refuse();
      const bytes = Buffer.from(payload, 'base64url');
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        return refuse();
      }
      if (
        !Array.isArray(parsed) ||
        parsed.length !== kinds.length + 2 ||
        parsed[0] !== CURSOR_VERSION ||
        parsed[1] !== list
      ) {
        return refuse();
      }
      const values = parsed.slice(2);
      if (!kinds.every((kind, i) => validValue(kind, values[i]))) return refuse();
      return values as Values<K>;
    },
  };
}

/**
 * One page of a keyset list read with `limit + 1` rows: the first `limit` rows, and the cursor
 * after the last of them (`key`: its sort values) when the extra row shows there is more.
 */
export function keysetPage<R, K extends readonly CursorKind[]>(
  rows: readonly R[],
  limit: number,
  codec: CursorCodec<K>,
  key: (last: R) => Values<K>,
): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? codec.make(key(last)) : null };
}
