// Second-factor codes tried per account: the sign-in's limit (5 per 5 minutes), counted before a
// code is checked, whether they come at sign-in or from a signed-in session.
import type { Sql } from '../../../platform/db/client.ts';
import { AUTH_ATTEMPTS, AUTH_WINDOW_MINUTES, tooManyAttempts } from '../limit-attempts.ts';
import { checkRateLimit, resetRateLimit } from '../../../platform/security/rate-limit.ts';

const KIND = 'auth:second-factor';

export async function limitFactorAttempts(sql: Sql, userId: string): Promise<{ succeeded(): Promise<void> }> {
  const limit = await checkRateLimit(sql, userId, KIND, AUTH_ATTEMPTS, AUTH_WINDOW_MINUTES);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  return { succeeded: () => resetRateLimit(sql, userId, KIND) };
}
