// A list's page cursor as a query parameter: opaque text the server made (src/server/cursor.ts);
// a client only echoes the `nextCursor` of the page before. The length allows the longest the
// codec makes and refuses anything bigger unread: a text value of MAX_CURSOR_TEXT characters, each
// a control character JSON writes as six (\u0001), beside a time and a uuid, is 1,920 bytes of JSON,
// 2,560 of base64url and 23 of signature (tests/unit/cursor.test.ts makes it).
import * as z from 'zod/mini';

/** The longest text value a cursor carries (an e-mail, a business name, a page path). */
export const MAX_CURSOR_TEXT = 300;
export const MAX_CURSOR_CHARS = 2_700;
export const INVALID_CURSOR = 'This page link is not valid. Please reload the list and try again.';

export const ZCursor = z.optional(z.string().check(z.maxLength(MAX_CURSOR_CHARS, INVALID_CURSOR)));
