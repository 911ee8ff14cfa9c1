// The homeowner hears back (issue 27, Must 4): on the private responses page a homeowner turns on
// notifications for that one request, on that browser. The browser's push subscription is kept
// for the request (no account needed: the mailed link's token, or the signed-in account's own
// request, proves who asks), for as long as that link would open the page (90 days for an
// account's own request). Each new response or quote then pushes to every browser listening to the
// request, and its mail is held: replaced when a push was accepted and the homeowner opened the
// page within the hold (markPushedMailsSeen), sent at once when no push could be delivered, and
// sent at the end of REQUEST_PUSH_MAIL_HOLD_SECONDS otherwise.
import {
  MAX_REQUEST_PUSH_DEVICES,
  REQUEST_PUSH_MAIL_HOLD_SECONDS,
  REQUEST_PUSH_MESSAGES,
  RESPONSE_ALERT_TTL_SECONDS,
} from '../../../domain/alert-rules.ts';
import { INVALID_HOMEOWNER_LINK } from '../../../domain/homeowner-rules.ts';
import type { RequestPushState, TPushSubscription } from '../../../schemas/alerts.ts';
import type { SessionUser } from '../../platform/security/sessions.ts';
import type { Db, Sql, TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { resolveRequest, type RequestAccess } from '../access/request-access.ts';
import { LINK_DAYS, resolveHomeownerLink } from '../access/homeowner-links.ts';
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

/** The request named, and until when a browser turned on with that access may listen. */
async function requestOf(sql: Db, access: RequestAccess): Promise<{ leadId: string; until: Date }> {
  if ('token' in access) {
    const link = await resolveHomeownerLink(sql, access.token, 'responses');
    if (link) return { leadId: link.leadId, until: link.expiresAt };
  } else {
    const leadId = await resolveRequest(sql, access);
    if (leadId) return { leadId, until: new Date(Date.now() + LINK_DAYS.responses * 86_400_000) };
  }
  throw new AppError('NOT_FOUND', INVALID_HOMEOWNER_LINK);
}

/** This browser listens to the request from now on (its keys and term renewed if it already did). */
export async function turnOnRequestPush(
  sql: Sql,
  access: RequestAccess,
  subscription: TPushSubscription,
  userAgent: string | null,
): Promise<RequestPushState> {
  const problem = endpointProblem(subscription.endpoint);
  if (problem) throw new AppError('BAD_REQUEST', problem, { subscription: [problem] });
  return sql.begin(async (tx) => {
    const { leadId, until } = await requestOf(tx, access);
    // The request's browsers are counted under its row lock, so two at once cannot pass the limit.
    await tx`select id from leads where id = ${leadId} for update`;
    const [count] = await tx<{ n: number }[]>`
      select count(*)::int as n from push_subscriptions
       where lead_id = ${leadId} and endpoint <> ${subscription.endpoint} and expires_at > now()`;
    if ((count?.n ?? 0) >= MAX_REQUEST_PUSH_DEVICES)
      throw new AppError('CONFLICT', REQUEST_PUSH_MESSAGES.tooMany);
    await tx`delete from push_subscriptions where lead_id = ${leadId} and expires_at <= now()`;
    await tx`
      insert into push_subscriptions (lead_id, endpoint, p256dh, auth, label, expires_at)
      values (${leadId}, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth},
              ${deviceLabel(userAgent)}, ${until})
      on conflict (lead_id, endpoint) where lead_id is not null do update set
        p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label, last_error = null,
        expires_at = excluded.expires_at`;
    return { on: true, devices: (count?.n ?? 0) + 1 };
  });
}

/**
 * This browser stops listening to the request, or (`endpoint` 'all') every browser does: the
 * homeowner's way out when a link reached someone else. Already off: nothing to do.
 */
export async function turnOffRequestPush(
  sql: Sql,
  access: RequestAccess,
  /** A browser's endpoint, or 'all' (no endpoint is a bare word: they are https URLs). */
  endpoint: string,
): Promise<RequestPushState> {
  const { leadId } = await requestOf(sql, access);
  if (endpoint === 'all') await sql`delete from push_subscriptions where lead_id = ${leadId}`;
  else await sql`delete from push_subscriptions where lead_id = ${leadId} and endpoint = ${endpoint}`;
  return stateOf(sql, leadId, endpoint === 'all' ? null : endpoint);
}

/** Whether the browser with `endpoint` listens to the request, and how many browsers do. */
export async function requestPushState(
  sql: Sql,
  access: RequestAccess,
  endpoint: string | null,
): Promise<RequestPushState> {
  return stateOf(sql, (await requestOf(sql, access)).leadId, endpoint);
}

async function stateOf(sql: Sql, leadId: string, endpoint: string | null): Promise<RequestPushState> {
  const [row] = await sql<{ devices: number; here: boolean }[]>`
    select count(*)::int as devices, coalesce(bool_or(endpoint = ${endpoint ?? ''}), false) as here
      from push_subscriptions where lead_id = ${leadId} and expires_at > now()`;
  return { on: row?.here ?? false, devices: row?.devices ?? 0 };
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
      from push_subscriptions where lead_id = ${leadId} and expires_at > now()
    returning id`;
  if (rows.length > 0) {
    await tx`
      update mail_outbox set send_after = now() + make_interval(secs => ${REQUEST_PUSH_MAIL_HOLD_SECONDS})
       where id = ${mailId} and status = 'pending'`;
  }
  return rows.length;
}

/**
 * A push that stands in for a mail could not be delivered (gone or failed): the mail goes at once
 * unless another push for it is still on its way or was accepted (an accepted push leaves the mail
 * held: the homeowner opening the page replaces it, else it goes at the hold's end). Whether the
 * mail was released now (the caller starts the mail sender).
 */
export async function releaseHeldMail(
  sql: Sql,
  delivery: { id: string; fallback_mail_id: string | null },
): Promise<boolean> {
  if (!delivery.fallback_mail_id) return false;
  const released = await sql`
    update mail_outbox set send_after = now()
     where id = ${delivery.fallback_mail_id} and status = 'pending' and send_after > now()
       and not exists (
         select 1 from alert_deliveries
          where fallback_mail_id = ${delivery.fallback_mail_id} and id <> ${delivery.id}
            and status in ('pending', 'sending', 'sent'))
    returning id`;
  return released.length > 0;
}

/**
 * The homeowner opened the request's page: the mails still held for responses a push already
 * brought them are replaced (they have read what the mail would say).
 */
export async function markPushedMailsSeen(sql: Sql, leadId: string): Promise<void> {
  await sql`
    update mail_outbox set status = 'replaced'
     where status = 'pending'
       and id in (select fallback_mail_id from alert_deliveries
                   where lead_id = ${leadId} and status = 'sent' and fallback_mail_id is not null)`;
}
