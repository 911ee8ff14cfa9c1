// The one page-cursor codec (src/server/platform/cursor.ts): it reads back what it made, and refuses with
// a 400 anything it did not make, whatever shape the forgery takes (the review's forged cursor, a
// date like 2026-13-45 that fits the pattern, answered 500 on three lists), and any value of the
// wrong kind even in a cursor it signed.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MAX_CURSOR_CHARS,
  MAX_CURSOR_TEXT,
  MAX_CURSOR_TEXT_BYTES,
  ZCursor,
} from '../../src/schemas/cursor.ts';
import { cursorCodec, INVALID_CURSOR, keysetPage } from '../../src/server/platform/cursor.ts';
import { MAX_QUERY_STRING } from '../../src/server/platform/route.ts';

const leads = cursorCodec('test-leads', ['time', 'uuid']);
const users = cursorCodec('test-users', ['text']);
const log = cursorCodec('test-log', ['time', 'int']);
const ID = '0b6f4a3e-8f0e-4c1a-9a57-2c3d4e5f6a7b';
const b64 = (text: string) => Buffer.from(text).toString('base64url');
/** A cursor in the codec's shape, signed with a key that is not the server's. */
const forged = (value: unknown) =>
  `${b64(JSON.stringify(value))}.${createHmac('sha256', 'not the key')
    .update(b64(JSON.stringify(value)))
    .digest()
    .subarray(0, 16)
    .toString('base64url')}`;

describe('the cursor codec', () => {
  it.each([
    ['2026-11-26 16:20:04.123456+00', ID],
    ['2026-02-28 00:00:00+00', ID],
    ['2024-02-29 23:59:59.5-05:30', ID],
  ] as const)('reads back the cursor it made of (%s, %s)', (at, id) => {
    expect(leads.read(leads.make([at, id]))).toEqual([at, id]);
  });

  it('reads back the longest text it takes, in the characters JSON writes longest, within a query the routes take', () => {
    const named = cursorCodec('admin-contractors-pending-longest-name', ['text', 'time', 'uuid']);
    const longest = (char: string) => {
      let text = '';
      while (
        text.length + char.length <= MAX_CURSOR_TEXT &&
        Buffer.byteLength(JSON.stringify(text + char)) <= MAX_CURSOR_TEXT_BYTES
      ) {
        text += char;
      }
      return text;
    };
    for (const char of ['\u0001', '"', 'a', '\u00e9', '\u4e2d', '\u{1F600}']) {
      const values = [longest(char), '2026-11-26 16:20:04.123456+00:00', ID] as const;
      const cursor = named.make(values);
      expect(ZCursor.safeParse(cursor).success).toBe(true);
      expect(named.read(cursor)).toEqual(values);
      // With room for the rest of a list's query (filters, a search of up to 200 characters).
      expect(`?cursor=${cursor}`.length + 600).toBeLessThanOrEqual(MAX_QUERY_STRING);
    }
    expect(() => users.read(users.make(['x'.repeat(MAX_CURSOR_TEXT + 1)]))).toThrow(INVALID_CURSOR);
    // Short enough in characters and as a cursor, too long as JSON: the byte bound refuses it.
    const bytes = '\u0001'.repeat(Math.ceil(MAX_CURSOR_TEXT_BYTES / 6));
    expect(users.make([bytes]).length).toBeLessThanOrEqual(MAX_CURSOR_CHARS);
    expect(() => users.read(users.make([bytes]))).toThrow(INVALID_CURSOR);
  });

  it('reads back text and integers', () => {
    expect(users.read(users.make(['ann+1@example.com']))).toEqual(['ann+1@example.com']);
    expect(log.read(log.make(['2026-11-26 16:20:04+00', 42]))).toEqual(['2026-11-26 16:20:04+00', 42]);
  });

  const made = leads.make(['2026-11-26 16:20:04.123456+00', ID]);
  it.each([
    ['garbage', 'bm90LWEtY3Vyc29y'],
    ['not base64url', 'a b+c/=='],
    ['empty', ''],
    ['truncated', made.slice(0, -3)],
    ['padded', `${made}==`],
    ['unsigned', made.split('.')[0]!],
    ['signed with another key', forged([1, 'test-leads', '2026-11-26 16:20:04+00', ID])],
    [
      'its payload changed',
      `${b64(JSON.stringify([1, 'test-leads', '2026-11-25 16:20:04+00', ID]))}.${made.split('.')[1]!}`,
    ],
    ['huge', 'A'.repeat(10_000)],
    ['another list', users.make(['ann@example.com'])],
    ['another version', b64(JSON.stringify([2, 'test-leads', '2026-11-26 16:20:04+00', ID]))],
    ['an impossible month and day', b64(JSON.stringify([1, 'test-leads', '2026-13-45 00:00:00+00', ID]))],
    ['30 February', b64(JSON.stringify([1, 'test-leads', '2026-02-30 00:00:00+00', ID]))],
    ['year 0', b64(JSON.stringify([1, 'test-leads', '0000-01-01 00:00:00+00', ID]))],
    ['hour 25', b64(JSON.stringify([1, 'test-leads', '2026-01-01 25:00:00+00', ID]))],
    ['an offset of 99 hours', b64(JSON.stringify([1, 'test-leads', '2026-01-01 00:00:00+99', ID]))],
    ['a bad uuid', b64(JSON.stringify([1, 'test-leads', '2026-01-01 00:00:00+00', 'x'.repeat(36)]))],
    ['a value missing', b64(JSON.stringify([1, 'test-leads', '2026-01-01 00:00:00+00']))],
    ['a value too many', b64(JSON.stringify([1, 'test-leads', '2026-01-01 00:00:00+00', ID, ID]))],
    ['the old pipe format', b64(`2026-13-45 00:00:00+00|${ID}`)],
    ['the old pair format', b64(JSON.stringify(['2026-13-45 00:00:00+00', ID]))],
    ['not JSON', b64('{"a":')],
    ['an object', b64(JSON.stringify({ 0: 1, 1: 'test-leads' }))],
    ['invalid UTF-8', Buffer.from([0x5b, 0x31, 0x2c, 0x22, 0xff, 0x22, 0x5d]).toString('base64url')],
  ])('refuses %s with a 400', (_, raw) => {
    expect(() => leads.read(raw)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', message: INVALID_CURSOR }),
    );
  });

  it.each([
    ['an impossible month and day', '2026-13-45 00:00:00+00'],
    ['30 February', '2026-02-30 00:00:00+00'],
    ['year 0', '0000-01-01 00:00:00+00'],
    ['hour 25', '2026-01-01 25:00:00+00'],
  ])('refuses %s even in a cursor it signed', (_, at) => {
    expect(() => leads.read(leads.make([at, ID]))).toThrow(INVALID_CURSOR);
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone surrogate', 'a\udfffb'],
    ['empty text', ''],
    ['text past 300 characters', 'x'.repeat(301)],
  ])('refuses text with %s', (_, text) => {
    expect(() => users.read(users.make([text]))).toThrow(INVALID_CURSOR);
  });

  it.each([-1, 1.5, 2 ** 60, '7'])('refuses the integer %s', (id) => {
    expect(() => log.read(log.make(['2026-01-01 00:00:00+00', id as number]))).toThrow(INVALID_CURSOR);
  });
});

describe('keysetPage', () => {
  const rows = ['ann', 'bob', 'cy'].map((email) => ({ email }));

  it('keeps the first `limit` rows and names the last of them when one more was read', () => {
    const { page, nextCursor } = keysetPage(rows, 2, users, (r) => [r.email]);
    expect(page).toEqual([{ email: 'ann' }, { email: 'bob' }]);
    expect(users.read(nextCursor!)).toEqual(['bob']);
  });

  it('has no next cursor on the last page, nor for no rows', () => {
    expect(keysetPage(rows, 3, users, (r) => [r.email])).toEqual({ page: rows, nextCursor: null });
    expect(keysetPage([], 3, users, (r: { email: string }) => [r.email])).toEqual({
      page: [],
      nextCursor: null,
    });
  });
});
