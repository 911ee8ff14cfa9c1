// The demo contractor's alerts (issue 27): its sandbox phone receives Web Push alerts, so on
// `npm start` a lead sold to it (a quote request, or an admin's payment test) rings there and
// shows at /dev/push, and the dashboard's Lead alerts card lists the device. The phone's push
// service is this site's /dev/push/sandbox-phone (src/server/alerts/sandbox-phone.ts), on the
// loopback address and port the launcher serves on (that page answers only there). It also has a
// confirmed number that new leads are texted to (the sandbox provider keeps the texts at
// /dev/sms), and quiet hours it has not turned on, so the Alerts tab shows every part.
import { DEFAULT_ALERT_CHANNELS } from '../../src/domain/alert-rules.ts';
import { SANDBOX_PHONE, sandboxPhoneEndpoint } from '../../src/server/alerts/sandbox-phone.ts';
import { serverEnv } from '../../src/server/config.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';

export async function seedDemoAlerts(
  sql: Sql,
  origin = `http://127.0.0.1:${serverEnv().PORT}`,
  ownerEmail = DEMO_CONTRACTOR_EMAIL,
): Promise<number> {
  const rows = await sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, label)
    select id, ${sandboxPhoneEndpoint(origin)}, ${SANDBOX_PHONE.p256dh}, ${SANDBOX_PHONE.auth}, ${SANDBOX_PHONE.label}
      from users where email = ${ownerEmail}
    on conflict (endpoint) do nothing
    returning id`;
  await sql`
    insert into alert_settings (user_id, channels, sms_phone, sms_confirmed_at)
    select id, ${sql.json({ ...DEFAULT_ALERT_CHANNELS, lead_new: { push: true, sms: true, email: true } })},
           ${DEMO_TEXT_NUMBER}, now()
      from users where email = ${ownerEmail}
    on conflict (user_id) do nothing`;
  return rows.length;
}

/** The demo contractor's number for texts: a Dayton mobile number no other demo row uses. */
export const DEMO_TEXT_NUMBER = '9372289123';
