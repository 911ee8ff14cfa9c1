// Delivers the alert outbox: claims due deliveries with SKIP LOCKED (several senders never send
// one twice), sends each batch at once (each push to its own push service, each text through the
// SMS port), and records how each ended. A push:
// - accepted (2xx): sent, and the device's last success;
// - 404 or 410: the subscription is gone (unsubscribed, app removed): the device is deleted and
//   the delivery marked 'gone';
// - 429, 5xx, no answer: tried again with backoff, up to MAX_ALERT_ATTEMPTS;
// - any other status (a message the service refuses): failed at once.
// A text: accepted by the provider, sent; the number replied STOP (Twilio's 21610), failed and
// the number marked opted out (nothing more is texted to it until confirmed again); a number the
// provider refuses, failed; the provider unavailable, tried again with backoff.
// A homeowner's push stands in for a response's mail: accepted, the mail waits for the homeowner
// to open the page (request-push.ts); gone or failed, the mail goes at once.
// Alerts are queued in the sale's transaction and sent after it, so a push service that is slow
// or down never delays or fails a sale (record-lead-charge.ts starts a delivery and goes on).
import { MAX_ALERT_ATTEMPTS } from '../../../domain/alert-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import {
  SmsOptedOutError,
  SmsRefusedNumberError,
  SmsUnavailableError,
  type SmsPort,
} from '../../platform/sms/sms-port.ts';
import { markSmsOptedOut } from './alert-settings.ts';
import { kickMailSender } from '../../platform/mail/sender.ts';
import { releaseHeldMail } from './request-push.ts';
import { PushUnavailableError, type PushOptions, type PushPort } from './push-port.ts';
import { log, outsideRequest } from '../../platform/log.ts';
import { ALERT_RECLAIM_AFTER_SECONDS, MAX_BACKOFF_SECONDS } from '../leads-rules.ts';

/** Where alerts go out: the push port and the SMS port. */
export interface AlertPorts {
  push: PushPort;
  sms: SmsPort;
}

interface Claimed {
  id: string;
  channel: 'push' | 'sms';
  /** A contractor's alert: whose; a homeowner's: the request's (lead_id), user_id null. */
  user_id: string | null;
  lead_id: string | null;
  /** The mail a homeowner's push stands in for (request-push.ts). */
  fallback_mail_id: string | null;
  to_phone: string | null;
  subscription_id: string | null;
  payload: Record<string, unknown>;
  ttl_seconds: number;
  urgency: PushOptions['urgency'];
  attempts: number;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  /** The number texts may go to now (confirmed, not opted out), for a text. */
  texts_to: string | null;
}

export async function deliverPendingAlerts(
  sql: Sql,
  options: AlertPorts & { batch?: number },
): Promise<number> {
  const claimed = await sql<Claimed[]>`
    with due as (
      select id from alert_deliveries
       where (status = 'pending' and send_after <= now())
          or (status = 'sending' and claimed_at < now() - make_interval(secs => ${ALERT_RECLAIM_AFTER_SECONDS}))
       order by send_after limit ${options.batch ?? 50} for update skip locked),
    taken as (
      update alert_deliveries a set status = 'sending', attempts = attempts + 1, claimed_at = now()
        from due where a.id = due.id
      returning a.id, a.channel, a.to_phone, a.subscription_id, a.user_id, a.lead_id, a.fallback_mail_id,
                a.payload, a.ttl_seconds, a.urgency, a.attempts)
    select t.*, s.endpoint, s.p256dh, s.auth,
           (select st.sms_phone from alert_settings st
             where st.user_id = t.user_id and st.sms_opted_out_at is null) as texts_to
      from taken t left join push_subscriptions s
        on s.id = t.subscription_id and (s.user_id = t.user_id or s.lead_id = t.lead_id)`;
  await Promise.all(
    claimed.map((delivery) =>
      delivery.channel === 'sms'
        ? deliverText(sql, options.sms, delivery)
        : deliverPush(sql, options.push, delivery),
    ),
  );
  return claimed.length;
}

/** Delivers until no alert is due; how many deliveries it took up. */
export async function drainAlerts(sql: Sql, ports: AlertPorts): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await deliverPendingAlerts(sql, ports);
    if (taken === 0) return total;
    total += taken;
  }
}

async function deliverText(sql: Sql, sms: SmsPort, delivery: Claimed): Promise<void> {
  if (!delivery.to_phone || delivery.to_phone !== delivery.texts_to) {
    // Held (quiet hours) while the number was removed, replaced or replied STOP.
    await sql`update alert_deliveries set status = 'gone', last_error = 'number removed, changed or opted out' where id = ${delivery.id}`;
    return;
  }
  const body = typeof delivery.payload.body === 'string' ? delivery.payload.body : '';
  try {
    await sms.sendText({ phone: delivery.to_phone, body });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SmsOptedOutError) {
      await failed(sql, delivery, 'the number replied STOP');
      if (delivery.user_id) await markSmsOptedOut(sql, delivery.user_id, delivery.to_phone);
    } else if (error instanceof SmsRefusedNumberError) {
      await failed(sql, delivery, message);
    } else {
      if (!(error instanceof SmsUnavailableError))
        log().error({ id: delivery.id, err: error }, 'text alert failed');
      await retryLater(sql, delivery, message);
    }
    return;
  }
  await sql`update alert_deliveries set status = 'sent', sent_at = now(), last_error = null where id = ${delivery.id}`;
}

async function deliverPush(sql: Sql, push: PushPort, delivery: Claimed): Promise<void> {
  if (!delivery.endpoint || !delivery.p256dh || !delivery.auth) {
    // The device was removed after the alert was queued, or another account turned alerts on there.
    await sql`update alert_deliveries set status = 'gone', last_error = 'device removed or reassigned' where id = ${delivery.id}`;
    await undelivered(sql, delivery);
    return;
  }
  let status: number;
  try {
    ({ status } = await push.send(
      { endpoint: delivery.endpoint, p256dh: delivery.p256dh, auth: delivery.auth },
      JSON.stringify(delivery.payload),
      { ttlSeconds: delivery.ttl_seconds, urgency: delivery.urgency },
    ));
  } catch (error) {
    if (!(error instanceof PushUnavailableError)) log().error({ id: delivery.id, err: error }, 'push failed');
    await retryLater(sql, delivery, error instanceof Error ? error.message : String(error));
    return;
  }
  if (status >= 200 && status < 300) {
    await sql`update alert_deliveries set status = 'sent', sent_at = now(), last_error = null where id = ${delivery.id}`;
    await sql`
      update push_subscriptions set last_success_at = now(), last_error = null where id = ${delivery.subscription_id}`;
  } else if (status === 404 || status === 410) {
    await sql`update alert_deliveries set status = 'gone', last_error = ${`push service answered ${status}`} where id = ${delivery.id}`;
    await sql`delete from push_subscriptions where id = ${delivery.subscription_id}`;
    await undelivered(sql, delivery);
  } else if (status === 429 || status >= 500) {
    await retryLater(sql, delivery, `push service answered ${status}`);
  } else {
    await failed(sql, delivery, `push service answered ${status}`);
  }
}

/** A homeowner's push that could not be delivered: its mail goes now, if no other push holds it. */
async function undelivered(sql: Sql, delivery: Claimed): Promise<void> {
  if (await releaseHeldMail(sql, delivery)) kickMailSender(sql);
}

async function retryLater(sql: Sql, delivery: Claimed, error: string): Promise<void> {
  if (delivery.attempts >= MAX_ALERT_ATTEMPTS) return failed(sql, delivery, error);
  await sql`
    update alert_deliveries set status = 'pending', last_error = ${error.slice(0, 500)},
      send_after = now() + make_interval(secs => ${Math.min(2 ** delivery.attempts * 15, MAX_BACKOFF_SECONDS)})
    where id = ${delivery.id}`;
}

async function failed(sql: Sql, delivery: Claimed, error: string): Promise<void> {
  await sql`update alert_deliveries set status = 'failed', last_error = ${error.slice(0, 500)} where id = ${delivery.id}`;
  if (delivery.channel !== 'push') return;
  await undelivered(sql, delivery);
  await sql`
    update push_subscriptions set last_failure_at = now(), last_error = ${error.slice(0, 500)}
    where id = ${delivery.subscription_id}`;
}

let running: Promise<unknown> | null = null;
/** Set by a kick that came while a delivery ran. */
let kickedMeanwhile = false;

/** Whether a kick came meanwhile, clearing it. */
function takeKick(): boolean {
  const kicked = kickedMeanwhile;
  kickedMeanwhile = false;
  return kicked;
}

/**
 * Starts a delivery in the background after a change queued alerts; never awaited by the change.
 * A kick while one runs makes it go round once more, so an alert queued meanwhile is not left
 * for the scheduled sweep.
 */
export function kickAlertSender(sql: Sql, ports: (sql: Sql) => AlertPorts): void {
  if (running) {
    kickedMeanwhile = true;
    return;
  }
  running = outsideRequest(() =>
    Promise.resolve()
      .then(() => drainAlerts(sql, ports(sql)))
      .catch((error: unknown) => log().error({ err: error }, 'alert delivery failed'))
      .finally(() => {
        running = null;
        // A kick that came while this ran starts another round, so its alert is not left for the sweep.
        if (takeKick()) kickAlertSender(sql, ports);
      }),
  );
}

/** Resolves when the background delivery (if any) has finished: for tests and the benchmark. */
export async function alertSenderIdle(): Promise<void> {
  while (running) await running;
}
