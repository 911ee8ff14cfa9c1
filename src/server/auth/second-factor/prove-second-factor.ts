// A signed-in user proves a second factor in their session: the code is checked (within the
// attempt limit) and the session marked (record-second-factor-proof.ts).
import type { Sql } from '../../db/client.ts';
import type { SessionUser } from '../sessions.ts';
import { checkSecondFactor } from './check-second-factor.ts';
import { limitFactorAttempts } from './limit-factor-attempts.ts';
import { recordSecondFactorProof } from './record-second-factor-proof.ts';

export async function proveSecondFactor(
  sql: Sql,
  user: Pick<SessionUser, 'id' | 'sessionId'>,
  code: string,
): Promise<'totp' | 'recovery'> {
  const attempt = await limitFactorAttempts(sql, user.id);
  const method = await checkSecondFactor(sql, user.id, code);
  await attempt.succeeded();
  await recordSecondFactorProof(sql, user.sessionId);
  return method;
}
