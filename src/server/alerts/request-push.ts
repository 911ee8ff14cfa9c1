// The homeowner hears back (issue 27, Must 4): on the private responses page a homeowner turns on
// notifications for that one request, on that browser. The browser's push subscription is kept
// for the request (no account needed: the mailed link's token, or the signed-in account's own
// request, proves who asks). Each new response or quote then pushes to every browser listening
// to the request, and its mail is held: replaced when a push service accepts the push, sent at
// once when none does, and sent anyway after REQUEST_PUSH_MAIL_HOLD_SECONDS.
import {
  MAX_REQUEST_PUSH_DEVICES,
  REQUEST_PUSH_MAIL_HOLD_SECONDS,
  REQUEST_PUSH_MESSAGES,
  RESPONSE_ALERT_TTL_SECONDS,
} from '../../domain/alert-rules.ts';
import { INVALID_HOMEOWNER_LINK } from '../../domain/homeowner-rules.ts';
import type { TPushSubscription } from '../../schemas/alerts.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Sql, TransactionSql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { resolveRequest, type RequestAccess } from '../inbox/request-access.ts';
import { deviceLabel, endpointProblem } from './push-devices.ts';
import type { AlertPayload } from './queue-alerts.ts';

/** The request a call names, by the link's token or (signed in) among the account's own. */
export function requestAccessOf(
  body: { token?: string | undefined; requestId?: string | undefined },
  user: Pick<SessionUser, 'id'> | null,
): RequestAccess {
  if (body.token !== undefined) return { token: body.token };
  if (body.requestId !== undefined && user) return { userId: user.id, leadId: body.requestId };
  throw new AppError('NOT_FOUND', INVALID_HOMEOWNER_LINK);
}

async function requestOf(sql: Sql | TransactionSql, access: RequestAccess): Promise<string> {
  const leadId = await resolveRequest(sql, access);
  if (!leadId) throw new AppError('NOT_FOUND', INVALID_HOMEOWNER_LINK);
  return leadId;
}

/** This browser listens to the request from now on (its keys renewed if it already did). */
export async function turnOnRequestPush(
  sql: Sql,
  access: RequestAccess,
  subscription: TPushSubscription,
  userAgent: string | null,
): Promise<void> {
  const problem = endpointProblem(subscription.endpoint);
  if (problem) throw new AppError('BAD_REQUEST', problem, { subscription: [problem] });
  await sql.begin(async (tx) => {
    const leadId = await requestOf(tx, access);
    // The request's browsers are counted under its row lock, so two at once cannot pass the limit.
    await tx`select id from leads where id = ${leadId} for update`;
    const [count] = await tx<{ n: number }[]>`
      select count(*)::int as n from push_subscriptions
       where lead_id = ${leadId} and endpoint <> ${subscription.endpoint}`;
    if ((count?.n ?? 0) >= MAX_REQUEST_PUSH_DEVICES)
      throw new AppError('CONFLICT', REQUEST_PUSH_MESSAGES.tooMany);
    await tx`
      insert into push_subscriptions (lead_id, endpoint, p256dh, auth, label)
      values (${leadId}, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth},
              ${deviceLabel(userAgent)})
      on conflict (lead_id, endpoint) where lead_id is not null do update set
        p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label, last_error = null`;
  });
}

/** This browser stops listening to the request (already off: nothing to do). */
export async function turnOffRequestPush(sql: Sql, access: RequestAccess, endpoint: string): Promise<void> {
  const leadId = await requestOf(sql, access);
  await sql`delete from push_subscriptions where lead_id = ${leadId} and endpoint = ${endpoint}`;
}

/** Whether the browser with `endpoint` listens to the request. */
export async function requestPushOn(sql: Sql, access: RequestAccess, endpoint: string): Promise<boolean> {
  const leadId = await requestOf(sql, access);
  const [row] = await sql<{ id: string }[]>`
    select id from push_subscriptions where lead_id = ${leadId} and endpoint = ${endpoint}`;
  return row !== undefined;
}

/**
 * Queues `payload` to every browser listening to the request, in the transaction of the response
 * it announces, and holds `mailId` (that response's mail) for the pushes; how many were queued.
 */
export async function queueRequestPush(
  tx: TransactionSql,
  leadId: string,
  payload: AlertPayload,
  mailId: string,
): Promise<number> {
  const rows = await tx`
    insert into alert_deliveries (channel, subscription_id, lead_id, kind, payload, ttl_seconds, urgency, fallback_mail_id)
    select 'push', id, lead_id, 'response_new', ${tx.json({ ...payload })}, ${RESPONSE_ALERT_TTL_SECONDS}, 'high', ${mailId}
      from push_subscriptions where lead_id = ${leadId}
    returning id`;
  if (rows.length > 0) {
    await tx`
      update mail_outbox set send_after = now() + make_interval(secs => ${REQUEST_PUSH_MAIL_HOLD_SECONDS})
       where id = ${mailId} and status = 'pending'`;
  }
  return rows.length;
}

/**
 * After a push that stands in for a mail ended: accepted, the mail is replaced (if still held);
 * failed or gone, the mail goes at once unless another push for it is still on its way or sent.
 */
export async function settleHeldMail(
  sql: Sql,
  delivery: { id: string; fallback_mail_id: string | null },
  accepted: boolean,
): Promise<void> {
  if (!delivery.fallback_mail_id) return;
  if (accepted) {
    await sql`update mail_outbox set status = 'replaced' where id = ${delivery.fallback_mail_id} and status = 'pending'`;
    return;
  }
  await sql`
    update mail_outbox set send_after = now()
     where id = ${delivery.fallback_mail_id} and status = 'pending'
       and not exists (
         select 1 from alert_deliveries
          where fallback_mail_id = ${delivery.fallback_mail_id} and id <> ${delivery.id}
            and status in ('pending', 'sending', 'sent'))`;
}
