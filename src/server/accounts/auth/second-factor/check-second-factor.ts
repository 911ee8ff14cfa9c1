// One second-factor answer from a person: an authenticator code (6 digits) or a recovery code.
import type { Sql } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { FACTOR_MESSAGES } from './messages.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { useTotpCode } from './totp.ts';

/** Accepts the code (using it up) or throws 401 with what went wrong. */
export async function checkSecondFactor(
  sql: Sql,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery'> {
  if (/^\s*\d[\d\s]*$/.test(code)) {
    const check = await useTotpCode(sql, userId, code);
    if (check === 'ok') return 'totp';
    throw new AppError(
      'UNAUTHORIZED',
      check === 'reused' ? FACTOR_MESSAGES.codeUsed : FACTOR_MESSAGES.wrongCode,
    );
  }
  if (await useRecoveryCode(sql, userId, code)) return 'recovery';
  throw new AppError('UNAUTHORIZED', FACTOR_MESSAGES.wrongCode);
}
