// Who may open a homeowner's request (issue 25, Must 5): the signed-in account it belongs to
// (leads.user_id: sent while signed in, or joined by its verified address), or anyone holding the
// private responses link mailed for it. Both resolve to the lead's id, or null: an unknown id,
// another account's request and a wrong or expired token are answered alike.
import type { Db } from '../../platform/db/client.ts';
import { resolveHomeownerLink } from './homeowner-links.ts';

export type RequestAccess = { token: string } | { userId: string; leadId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function resolveRequest(sql: Db, access: RequestAccess): Promise<string | null> {
  if ('token' in access) return (await resolveHomeownerLink(sql, access.token, 'responses'))?.leadId ?? null;
  if (!UUID.test(access.leadId)) return null;
  const [row] = await sql<{ id: string }[]>`
    select id from leads where id = ${access.leadId} and user_id = ${access.userId}`;
  return row?.id ?? null;
}
