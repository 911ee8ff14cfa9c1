// The server's own secrets: the key that signs the quote form's proof-of-work challenges (and,
// derived from it, page cursors), and the key the authenticator apps' secrets are encrypted under.
import { createHmac } from 'node:crypto';
import { serverEnv } from './env.ts';
import { productionValue } from './production.ts';

/** A well-known key for the embedded default only: production refuses to run without its own. */
const DEVELOPMENT_ALTCHA_KEY = 'development-only-altcha-key-not-for-production-use';

/** The key that signs the quote form's proof-of-work challenges, and the work they ask for. */
export function quoteProofOfWork(): { hmacKey: string; maxCounter: number } {
  return {
    hmacKey: productionValue('ALTCHA_HMAC_KEY') ?? DEVELOPMENT_ALTCHA_KEY,
    maxCounter: serverEnv().QUOTE_POW_MAX_COUNTER,
  };
}

/**
 * The key that signs page cursors (src/server/platform/cursor.ts): derived from ALTCHA_HMAC_KEY, the
 * server's one signing secret (required in production), for this purpose alone, so a cursor's
 * signature says nothing of a proof-of-work challenge's and no new secret needs setting.
 */
export function pageCursorKey(): Buffer {
  return createHmac('sha256', quoteProofOfWork().hmacKey).update('page-cursor-v1').digest();
}

const DEVELOPMENT_SECOND_FACTOR_KEY = 'development-only-second-factor-key-not-for-production';

/** The key the TOTP secrets are encrypted under (src/server/accounts/auth/second-factor/secret-box.ts). */
export function secondFactorKey(): string {
  return productionValue('SECOND_FACTOR_KEY') ?? DEVELOPMENT_SECOND_FACTOR_KEY;
}
