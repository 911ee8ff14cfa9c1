// Keyset cursors of the content lists: an opaque base64url of two strings (a sort key as
// PostgreSQL printed it, so no precision is lost, and an id or slug). A time goes back into SQL
// as text cast there (`${at}::text::timestamptz`): a parameter PostgreSQL types as timestamptz is
// turned through a JS Date by postgres.js, which keeps milliseconds only and would skip rows.
import { AppError } from '../errors.ts';

export const encodeCursor = (parts: [string, string]): string =>
  Buffer.from(JSON.stringify(parts)).toString('base64url');

export function decodeCursor(raw: string): [string, string] {
  try {
    const parts: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(parts) &&
      parts.length === 2 &&
      parts.every((p) => typeof p === 'string' && p.length > 0 && p.length <= 200)
    ) {
      return [parts[0] as string, parts[1] as string];
    }
  } catch {
    // answered below
  }
  throw new AppError('BAD_REQUEST', 'Invalid cursor');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A newest-first cursor: (timestamptz as text, uuid). */
export function timeCursor(raw: string): { at: string; id: string } {
  const [at, id] = decodeCursor(raw);
  if (!TIMESTAMP.test(at) || !UUID.test(id)) throw new AppError('BAD_REQUEST', 'Invalid cursor');
  return { at, id };
}
