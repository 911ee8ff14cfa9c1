// Notification preferences, kept on the server (the spec kept them in the browser only).
import type { TPreferences } from '../../../schemas/auth.ts';
import type { Sql } from '../../platform/db/client.ts';

export async function savePreferences(sql: Sql, userId: string, prefs: TPreferences): Promise<void> {
  // One statement: creates the profile when missing, or updates it.
  await sql`
    insert into profiles (id, email, full_name, email_notifications, lead_notifications, marketing_emails)
    select id, email, full_name, ${prefs.email_notifications}, ${prefs.lead_notifications}, ${prefs.marketing_emails}
    from users where id = ${userId}
    on conflict (id) do update set email_notifications = excluded.email_notifications,
      lead_notifications = excluded.lead_notifications, marketing_emails = excluded.marketing_emails`;
}
