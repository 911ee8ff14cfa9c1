// Requests sent while signed out join the account that has the same address (issue 25, Must 5),
// by the safe rule: only the address the account has verified (users.email with
// email_confirmed_at), never one merely typed at sign-up or waiting in an e-mail change. Whoever
// controls that mailbox already received every mail of those requests, their private links
// included, so joining shows them nothing new. Run at sign-in, at an e-mail confirmation (a new
// account's, or a change's) and when the inbox opens; a request already in an account stays there.
import type { Db } from '../../platform/db/client.ts';

export async function joinVerifiedRequests(sql: Db, userId: string): Promise<number> {
  const joined = await sql`
    update leads l set user_id = u.id
      from users u
     where u.id = ${userId} and u.email_confirmed_at is not null and u.disabled_at is null
       and l.user_id is null and l.email = u.email and not l.is_test
    returning l.id`;
  return joined.length;
}
