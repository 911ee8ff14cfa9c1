// Where a business's history begins for its owner (issue 23, Must 5): a claimed listing's owner
// sees nothing from before their claim was approved (businesses.owner_since; null, for a business
// registered by its owner, is the beginning of time). Every contractor-facing read of leads,
// charges, receipts, credits and figures compares its rows' times with this; admins' reads do not.
// One scalar subquery, evaluated once per statement.
import type { Db } from '../../platform/db/client.ts';

export function ownerSince(sql: Db, businessId: string) {
  return sql`(select coalesce(owner_since, '-infinity'::timestamptz) from businesses where id = ${businessId})`;
}
