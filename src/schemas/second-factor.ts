// The second factor's forms (issue 26): a code from an authenticator app (6 digits) or a
// recovery code (10 letters and digits, a dash optional), as the island and the endpoint check it.
import * as z from 'zod/mini';

const CODE_MESSAGE = 'Please enter the 6-digit code from your app or a recovery code.';
/** Room for a recovery code typed with spaces; anything longer is no code of ours. */
export const CODE_MAX = 24;

const ZFactorCode = z
  .pipe(
    z.string({ error: CODE_MESSAGE }).check(z.maxLength(CODE_MAX, CODE_MESSAGE)),
    z.transform((code) => code.trim()),
  )
  .check(z.minLength(6, CODE_MESSAGE));

export const ZSecondFactorCode = z.strictObject({ code: ZFactorCode });

export const PASSKEY_NAME_MAX = 60;
const PASSKEY_NAME_MESSAGE = 'Please give the passkey a name of up to 60 characters.';
export const ZPasskeyName = z
  .pipe(
    z.string({ error: PASSKEY_NAME_MESSAGE }).check(z.maxLength(PASSKEY_NAME_MAX, PASSKEY_NAME_MESSAGE)),
    z.transform((name) => name.trim()),
  )
  .check(z.minLength(1, PASSKEY_NAME_MESSAGE));

const PASSKEY_FAILED = 'That passkey could not be checked. Please try again.';
const b64 = (max: number) => z.string({ error: PASSKEY_FAILED }).check(z.maxLength(max, PASSKEY_FAILED));

/** A browser's answer to a passkey ceremony, as @simplewebauthn/browser sends it; the server library checks the rest. */
const ZCredential = <R extends z.ZodMiniType>(response: R) =>
  z.looseObject({
    id: b64(1400),
    rawId: b64(1400),
    type: z.literal('public-key', { error: PASSKEY_FAILED }),
    response,
    clientExtensionResults: z.optional(z.looseObject({})),
    authenticatorAttachment: z.optional(z.nullable(z.string().check(z.maxLength(32)))),
  });

export const ZPasskeyRegistration = z.strictObject({
  name: ZPasskeyName,
  response: ZCredential(
    z.looseObject({
      clientDataJSON: b64(4096),
      attestationObject: b64(8192),
      transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8))),
    }),
  ),
});

export const ZPasskeyAuthentication = z.strictObject({
  response: ZCredential(
    z.looseObject({
      clientDataJSON: b64(4096),
      authenticatorData: b64(4096),
      // Up to ML-DSA-44's 2,420 bytes (post-quantum keys, which Chromium's authenticator makes).
      signature: b64(4096),
      userHandle: z.optional(z.nullable(b64(1024))),
    }),
  ),
});
