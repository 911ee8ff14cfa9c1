// A list's page cursor as a query parameter: opaque text the server made (src/server/platform/cursor.ts);
// a client only echoes the `nextCursor` of the page before. The length allows the longest the
// codec makes and refuses anything bigger unread: a text value is at most MAX_CURSOR_TEXT
// characters and MAX_CURSOR_TEXT_BYTES as JSON (so 300 characters of an e-mail, or 150 that JSON
// writes six bytes long), beside a time and a uuid: about 1,030 bytes of JSON, 1,380 characters
// of cursor, which with the rest of a list's query stays under the routes' 2,048-character query
// limit (tests/unit/cursor.test.ts makes the longest).
import * as z from 'zod/mini';

/** The longest text value a cursor carries (an e-mail, a business name, a page path)... */
export const MAX_CURSOR_TEXT = 300;
/** ...and the most bytes it takes as JSON (quotes and escapes included). */
export const MAX_CURSOR_TEXT_BYTES = 900;
export const MAX_CURSOR_CHARS = 1_400;
export const INVALID_CURSOR = 'This page link is not valid. Please reload the list and try again.';

export const ZCursor = z.optional(z.string().check(z.maxLength(MAX_CURSOR_CHARS, INVALID_CURSOR)));
