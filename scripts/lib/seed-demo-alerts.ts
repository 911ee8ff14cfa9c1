// The demo contractor's alerts (issue 27): its sandbox phone receives Web Push alerts, so on
// `npm start` a lead sold to it (a quote request, or an admin's payment test) rings there and
// shows at /dev/push, and the dashboard's Lead alerts card lists the device. The phone's push
// service is this site's /dev/push/sandbox-phone (src/server/leads/alerts/sandbox-phone.ts), on the
// loopback address and port the launcher serves on (that page answers only there). It also has a
// confirmed number that new leads are texted to (the sandbox provider keeps the texts at
// /dev/sms), and quiet hours it has not turned on, so the Alerts tab shows every part. The demo
// homeowner's open request has notifications on for the same sandbox phone.
import { DEFAULT_ALERT_CHANNELS } from '../../src/domain/alert-rules.ts';
import { SANDBOX_PHONE, sandboxPhoneEndpoint } from '../../src/server/leads/alerts/sandbox-phone.ts';
import { serverEnv } from '../../src/server/platform/config/env.ts';
import { LINK_DAYS } from '../../src/server/leads/access/homeowner-links.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';
import { DEMO_OPEN_REQUEST_KEY } from './seed-demo-inbox.ts';

export async function seedDemoAlerts(
  sql: Sql,
  origin = `http://127.0.0.1:${serverEnv().PORT}`,
  ownerEmail = DEMO_CONTRACTOR_EMAIL,
): Promise<number> {
  const rows = await sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, label)
    select id, ${sandboxPhoneEndpoint(origin)}, ${SANDBOX_PHONE.p256dh}, ${SANDBOX_PHONE.auth}, ${SANDBOX_PHONE.label}
      from users where email = ${ownerEmail}
    on conflict (endpoint) where lead_id is null do nothing
    returning id`;
  await sql`
    insert into alert_settings (user_id, channels, sms_phone, sms_confirmed_at)
    select id, ${sql.json({ ...DEFAULT_ALERT_CHANNELS, lead_new: { push: true, sms: true, email: true } })},
           ${DEMO_TEXT_NUMBER}, now()
      from users where email = ${ownerEmail}
    on conflict (user_id) do nothing`;
  // The demo homeowner's open plumbing request listens on the sandbox phone too (issue 27, Must 4):
  // a contractor's answer to it shows at /dev/push, and its page says notifications are on there.
  const homeowner = await sql`
    insert into push_subscriptions (lead_id, endpoint, p256dh, auth, label, expires_at)
    select id, ${sandboxPhoneEndpoint(origin)}, ${SANDBOX_PHONE.p256dh}, ${SANDBOX_PHONE.auth}, ${SANDBOX_PHONE.label},
           now() + make_interval(days => ${LINK_DAYS.responses})
      from leads where request_key = ${DEMO_OPEN_REQUEST_KEY}
    on conflict (lead_id, endpoint) where lead_id is not null do nothing
    returning id`;
  return rows.length + homeowner.length;
}

/** The demo contractor's number for texts: a Dayton mobile number no other demo row uses. */
export const DEMO_TEXT_NUMBER = '9372289123';
