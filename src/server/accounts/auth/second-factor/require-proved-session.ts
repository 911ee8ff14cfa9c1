// Changing how an account signs in (its second factors, its password, its e-mail) or granting a
// role needs a session that proved the account's second factor, when it has one: a session that
// predates the factor (another browser, signed in with the password alone) must not replace or
// remove it, nor take the account over by its password or address. And like every such change it
// needs the password (or a second factor) proven within the last 5 minutes (recent-authentication.ts).
import { SECOND_FACTOR_CHECK_FOR_CHANGE } from '../../../../domain/guards.ts';
import { AppError } from '../../../platform/errors.ts';
import { requireRecentAuthentication } from '../recent-authentication.ts';
import type { SessionUser } from '../../../platform/security/sessions.ts';

/** Refuses (403 SECOND_FACTOR_REQUIRED) a session of an account with a factor that never proved it. */
export function requireFactorIfEnrolled(user: Pick<SessionUser, 'secondFactor'>): void {
  if (user.secondFactor.enrolled && !user.secondFactor.proved) {
    throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_CHECK_FOR_CHANGE);
  }
}

/** The factor (when enrolled) and a recent proof of who the user is. */
export function requireProvedSession(user: Pick<SessionUser, 'secondFactor' | 'authenticatedAt'>): void {
  requireFactorIfEnrolled(user);
  requireRecentAuthentication(user);
}
