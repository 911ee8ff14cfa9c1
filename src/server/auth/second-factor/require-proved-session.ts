// Changing an account's second factors needs a session that proved one, when the account has
// one: a session that predates the factor (another browser, signed in with the password alone)
// must not replace or remove it. Issue 26's Must 2 adds the 5-minute re-authentication on top.
import { SECOND_FACTOR_CHECK_NEEDED } from '../../../domain/guards.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../sessions.ts';

export function requireProvedSession(user: Pick<SessionUser, 'secondFactor'>): void {
  if (user.secondFactor.enrolled && !user.secondFactor.proved) {
    throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_CHECK_NEEDED);
  }
}
