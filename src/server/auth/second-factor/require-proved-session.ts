// Changing an account's second factors needs a session that proved one, when the account has
// one: a session that predates the factor (another browser, signed in with the password alone)
// must not replace or remove it. And like every change to how the account signs in, it needs the
// password (or a second factor) proven within the last 5 minutes (recent-authentication.ts).
import { SECOND_FACTOR_CHECK_NEEDED } from '../../../domain/guards.ts';
import { AppError } from '../../errors.ts';
import { requireRecentAuthentication } from '../recent-authentication.ts';
import type { SessionUser } from '../sessions.ts';

export function requireProvedSession(user: Pick<SessionUser, 'secondFactor' | 'authenticatedAt'>): void {
  if (user.secondFactor.enrolled && !user.secondFactor.proved) {
    throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_CHECK_NEEDED);
  }
  requireRecentAuthentication(user);
}
