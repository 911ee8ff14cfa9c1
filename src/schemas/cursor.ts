// A list's page cursor as a query parameter: opaque text the server made (src/server/cursor.ts);
// a client only echoes the `nextCursor` of the page before. The length allows the longest the
// codec makes (an e-mail of 254 characters, base64url) and refuses anything bigger unread.
import * as z from 'zod/mini';

export const MAX_CURSOR_CHARS = 600;
export const INVALID_CURSOR = 'This page link is not valid. Please reload the list and try again.';

export const ZCursor = z.optional(z.string().check(z.maxLength(MAX_CURSOR_CHARS, INVALID_CURSOR)));
