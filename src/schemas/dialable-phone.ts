// A phone number as the quote form and the contractor signup take it: as typed, 10 to 20 of
// digits, spaces, dashes, parentheses and a leading +; then a number someone can dial (a valid
// North American number, not an obvious fake), kept as its ten digits. One message for any fault.
import * as z from 'zod/mini';
import { dialableNanpNumber } from '../domain/phone.ts';
import { PHONE_LIMITS, PHONE_PATTERN } from '../domain/quote-rules.ts';

export function ZDialablePhone(message: string) {
  return z.pipe(
    z
      .string({ error: message })
      .check(z.trim(), z.minLength(PHONE_LIMITS.min, message), z.maxLength(PHONE_LIMITS.max, message)),
    z.pipe(
      z.string().check(
        z.regex(PHONE_PATTERN, message),
        z.refine((p) => dialableNanpNumber(p) !== null, message),
      ),
      z.transform((p: string) => dialableNanpNumber(p) ?? p),
    ),
  );
}
