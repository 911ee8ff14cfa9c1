// The profile of a user, created from the account when missing (spec).
import type { TPreferences } from '../../../schemas/auth.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';

export interface Profile extends TPreferences {
  id: string;
  email: string;
  fullName: string | null;
  pendingEmail: string | null;
}

export async function getProfile(sql: Sql, userId: string): Promise<Profile> {
  const read = () => sql<Profile[]>`
    select p.id, u.email, p.full_name as "fullName", p.email_notifications, p.lead_notifications,
           p.marketing_emails,
           (select t.new_email from auth_tokens t where t.user_id = u.id and t.purpose = 'email_change'
              and t.used_at is null and t.expires_at > now() order by t.created_at desc limit 1) as "pendingEmail"
    from profiles p join users u on u.id = p.id where p.id = ${userId}`;
  let [row] = await read();
  if (!row) {
    // Only the first read of an account without a profile writes.
    await sql`
      insert into profiles (id, email, full_name)
      select id, email, full_name from users where id = ${userId}
      on conflict (id) do nothing`;
    [row] = await read();
  }
  if (!row) throw new AppError('NOT_FOUND', 'Failed to load profile data.');
  return row;
}
