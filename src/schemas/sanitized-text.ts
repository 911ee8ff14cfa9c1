// A user's text field as every form schema takes it: trimmed, min..max characters, sanitised
// (src/domain/sanitize-text.ts), and still at least `min` characters once sanitised.
import * as z from 'zod/mini';
import { sanitizeText } from '../domain/sanitize-text.ts';

export function ZSanitized(min: number, max: number, short: string, long: string) {
  return z.pipe(
    z.string({ error: short }).check(z.trim(), z.minLength(min, short), z.maxLength(max, long)),
    z.pipe(
      z.transform((s: string) => sanitizeText(s, max)),
      z.string().check(z.minLength(min, short)),
    ),
  );
}
