// "This user just proved a second factor" in this session: the sign-in's second step, a
// confirmed enrolment, or a later check (the admin area's). The admin guards read it
// (src/domain/guards.ts); it also counts as the 5-minute re-authentication (recent-authentication.ts).
import type { Sql } from '../../../platform/db/client.ts';

export async function recordSecondFactorProof(sql: Sql, sessionId: string): Promise<void> {
  await sql`update sessions set second_factor_at = now(), authenticated_at = now() where id = ${sessionId}`;
}
