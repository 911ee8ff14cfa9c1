// A contractor's claim of a listing that still awaits an admin, for the dashboard's "awaiting
// approval" state: until it is approved the account owns no business.
import type { Sql } from '../../platform/db/client.ts';

export interface PendingClaim {
  claimId: string;
  businessName: string;
  createdAt: Date;
}

export async function findPendingClaim(sql: Sql, userId: string): Promise<PendingClaim | null> {
  const [claim] = await sql<PendingClaim[]>`
    select c.id as "claimId", b.name as "businessName", c.created_at as "createdAt"
    from business_claims c join businesses b on b.id = c.business_id
    where c.claimant_id = ${userId} and c.status = 'pending'
    order by c.created_at desc limit 1`;
  return claim ?? null;
}
