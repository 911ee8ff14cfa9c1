// Test fixtures for the contractor side: what an admin would do, done directly in SQL until the
// admin pages exist (a later issue).
import type { Sql } from '../../src/server/platform/db/client.ts';
import { approveClaim } from '../../src/server/admin/approve-claim.ts';
import { createUser } from '../factories/index.ts';

/** Approves a registered business as an admin would: ACTIVE and verified. */
export async function approveBusiness(sql: Sql, businessId: string): Promise<void> {
  const rows =
    await sql`update businesses set status = 'ACTIVE', verified = true where id = ${businessId} returning id`;
  if (rows.length !== 1) throw new Error(`no business ${businessId}`);
}

/**
 * Approves the pending claim of a listing through the real approveClaim, as a new admin who means
 * to approve it even when nobody confirmed it by a code (the tests of the proof are
 * claim-proof.test.ts and claim-history.test.ts).
 */
export async function approvePendingClaim(sql: Sql, businessId: string): Promise<string> {
  const admin = await createUser(sql, { roles: ['admin'] });
  const [claim] = await sql<{ id: string }[]>`
    select id from business_claims where business_id = ${businessId} and status = 'pending'`;
  if (!claim) throw new Error(`no pending claim of ${businessId}`);
  await sql.begin((tx) => approveClaim(tx, claim.id, admin.id, { unconfirmed: true }));
  return claim.id;
}
