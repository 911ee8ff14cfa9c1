// The second factor's forms (issue 26): a code from an authenticator app (6 digits) or a
// recovery code (10 letters and digits, a dash optional), as the island and the endpoint check it.
import * as z from 'zod/mini';

export const CODE_MESSAGE = 'Please enter the 6-digit code from your app or a recovery code.';
/** Room for a recovery code typed with spaces; anything longer is no code of ours. */
export const CODE_MAX = 24;

export const ZFactorCode = z
  .pipe(
    z.string({ error: CODE_MESSAGE }).check(z.maxLength(CODE_MAX, CODE_MESSAGE)),
    z.transform((code) => code.trim()),
  )
  .check(z.minLength(6, CODE_MESSAGE));

export const ZSecondFactorCode = z.strictObject({ code: ZFactorCode });
export type TSecondFactorCode = z.output<typeof ZSecondFactorCode>;
