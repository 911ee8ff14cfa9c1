// What a contractor is told, queued in the transaction of the change it announces (a lead sold, a
// quote accepted, a credit decided, a payment failed), by the channels the contractor chose
// (alert-settings.ts): a push to each device, a text to the confirmed number (at most the day's
// maximum; past it the text is kept as 'skipped'), and whether the change's e-mail goes. Quiet
// hours hold pushes and texts to their end (Dayton time). Never a homeowner's name, address,
// phone or e-mail: a push or a text may show on a locked screen.
import {
  alertGoesBy,
  alertText,
  LEAD_ALERT_TTL_SECONDS,
  ringsAt,
  SMS_TEST_TEXT,
  TEST_ALERT_TTL_SECONDS,
  type AlertKind,
} from '../../../domain/alert-rules.ts';
import { formatBudget, formatMoney } from '../../../domain/format.ts';
import { timelineLabel } from '../../../domain/quote-rules.ts';
import { siteUrl } from '../../platform/config/site.ts';
import type { Db, Sql, TransactionSql } from '../../platform/db/client.ts';
import { alertPrefs, textsToday } from './alert-settings.ts';
import type { PushOptions } from './push-port.ts';

/** The notification a device shows (the service worker's 'push' handler reads these fields). */
export interface AlertPayload {
  title: string;
  body: string;
  /** Opened on a tap: a path on this site. */
  url: string;
  /** One notification per tag: a second push about the same lead replaces the first. */
  tag: string;
}

export interface Notice {
  kind: AlertKind;
  payload: AlertPayload;
  ttlSeconds: number;
}

/** What was queued, and whether the change's e-mail should go too. */
export interface Queued {
  /** Pushes and texts queued to send (skipped texts not counted). */
  queued: number;
  email: boolean;
}

async function queuePushes(
  sql: Db,
  userId: string,
  kind: string,
  payload: AlertPayload,
  options: PushOptions,
  sendAfter: Date,
): Promise<number> {
  const rows = await sql`
    insert into alert_deliveries (channel, subscription_id, user_id, kind, payload, ttl_seconds, urgency, send_after)
    select 'push', id, user_id, ${kind}, ${sql.json({ ...payload })}, ${options.ttlSeconds}, ${options.urgency}, ${sendAfter}
      from push_subscriptions where user_id = ${userId}
    returning id`;
  return rows.length;
}

async function queueText(
  sql: Db,
  userId: string,
  kind: string,
  phone: string,
  body: string,
  options: { ttlSeconds: number; sendAfter: Date; skipped?: boolean },
): Promise<void> {
  await sql`
    insert into alert_deliveries (channel, to_phone, user_id, kind, payload, ttl_seconds, urgency, send_after, status, last_error)
    values ('sms', ${phone}, ${userId}, ${kind}, ${sql.json({ body })}, ${options.ttlSeconds}, 'high', ${options.sendAfter},
            ${options.skipped ? 'skipped' : 'pending'}, ${options.skipped ? 'daily maximum reached' : null})`;
}

/** Queues `notice` to `userId` by the channels they chose; whether its e-mail goes too. */
export async function alertUser(tx: TransactionSql, userId: string, notice: Notice): Promise<Queued> {
  const first = await alertPrefs(tx, userId);
  const texts = first.smsPhone !== null && alertGoesBy(first.channels, notice.kind, 'sms');
  // Counting today's texts holds the settings row, so two sales at once cannot both take the last.
  const prefs = texts ? await alertPrefs(tx, userId, true) : first;
  const now = new Date();
  const sendAfter = ringsAt(now, prefs.quiet);
  let queued = 0;
  if (alertGoesBy(prefs.channels, notice.kind, 'push')) {
    queued += await queuePushes(
      tx,
      userId,
      notice.kind,
      notice.payload,
      { ttlSeconds: notice.ttlSeconds, urgency: 'high' },
      sendAfter,
    );
  }
  if (texts && prefs.smsPhone) {
    const skipped = (await textsToday(tx, userId, now)) >= prefs.smsDailyMax;
    await queueText(tx, userId, notice.kind, prefs.smsPhone, alertText(notice.payload, siteUrl()), {
      ttlSeconds: notice.ttlSeconds,
      sendAfter,
      skipped,
    });
    if (!skipped) queued += 1;
  }
  return { queued, email: alertGoesBy(prefs.channels, notice.kind, 'email') };
}

/** What a lead's alert says of it: the service, the place, the budget and the timeline. */
export interface LeadAlertFacts {
  project_type: string;
  city: string | null;
  zip_code: string | null;
  budget_min: number;
  budget_max: number;
  timeline: string;
}

const place = (lead: Pick<LeadAlertFacts, 'city' | 'zip_code'>) => lead.city ?? lead.zip_code ?? 'your area';

export function leadAlertPayload(distributionId: string, lead: LeadAlertFacts): AlertPayload {
  return {
    title: `New lead: ${lead.project_type} in ${place(lead)}`,
    body: `Budget: ${formatBudget(lead.budget_min, lead.budget_max)} · Timeline: ${timelineLabel(lead.timeline)}`,
    url: `/dashboard?lead=${distributionId}`,
    tag: `lead-${distributionId}`,
  };
}

/** A lead sold: its new-lead alert. */
export function leadNotice(distributionId: string, lead: LeadAlertFacts): Notice {
  return {
    kind: 'lead_new',
    payload: leadAlertPayload(distributionId, lead),
    ttlSeconds: LEAD_ALERT_TTL_SECONDS,
  };
}

/** A lead's charge was declined: the lead did not come, and the card needs a look. */
export function paymentFailedNotice(
  lead: Pick<LeadAlertFacts, 'project_type' | 'city' | 'zip_code'>,
): Notice {
  return {
    kind: 'payment_failed',
    payload: {
      title: 'Payment failed: a lead was not sent',
      body: `Your card was declined for a ${lead.project_type} lead in ${place(lead)}. Update your card in Billing`,
      url: '/contractor/billing',
      tag: 'payment-failed',
    },
    ttlSeconds: LEAD_ALERT_TTL_SECONDS,
  };
}

/** A subscription's invoice failed. */
export function invoiceFailedNotice(amountCents: number): Notice {
  return {
    kind: 'payment_failed',
    payload: {
      title: 'Payment failed: your plan',
      body: `We could not charge ${formatMoney(amountCents)} for your plan. Update your card in Billing`,
      url: '/contractor/billing',
      tag: 'payment-failed',
    },
    ttlSeconds: LEAD_ALERT_TTL_SECONDS,
  };
}

/** A homeowner accepted the contractor's quote on a lead. */
export function quoteAcceptedNotice(
  distributionId: string | null,
  lead: { projectType: string },
  totalCents: number,
): Notice {
  return {
    kind: 'quote_accepted',
    payload: {
      title: `Quote accepted: ${lead.projectType}`,
      body: `A homeowner accepted your ${formatMoney(totalCents)} quote. Open the lead to arrange the job`,
      url: distributionId ? `/dashboard?lead=${distributionId}` : '/dashboard',
      tag: `accepted-${distributionId ?? 'lead'}`,
    },
    ttlSeconds: LEAD_ALERT_TTL_SECONDS,
  };
}

/** A credit request was decided: refunded, or declined with the reason. */
export function creditDecidedNotice(
  distributionId: string,
  credit: { refunded: boolean; amountCents: number; projectType: string; place: string },
): Notice {
  return {
    kind: 'credit_decided',
    payload: {
      title: credit.refunded
        ? `Credit approved: ${formatMoney(credit.amountCents)} back`
        : `Credit declined: ${credit.projectType}`,
      body: credit.refunded
        ? `${formatMoney(credit.amountCents)} for the ${credit.projectType} lead in ${credit.place} goes back to your card`
        : `Your credit request for the ${credit.projectType} lead in ${credit.place} was declined. Open the lead for the reason`,
      url: `/dashboard?lead=${distributionId}`,
      tag: `credit-${distributionId}`,
    },
    ttlSeconds: LEAD_ALERT_TTL_SECONDS,
  };
}

/**
 * A test alert: a push to every device and a text to the confirmed number (or `only` one of
 * them), at once whatever the quiet hours (the contractor asked for it now). How many it went to.
 */
export async function queueTestAlert(sql: Sql, userId: string, only?: 'push' | 'sms'): Promise<number> {
  const prefs = await alertPrefs(sql, userId);
  const now = new Date();
  let queued = 0;
  if (only !== 'sms')
    queued += await queuePushes(
      sql,
      userId,
      'test',
      {
        title: 'Test alert from Dayton Contractors',
        body: 'New leads will appear like this. Tap to open your dashboard.',
        url: '/dashboard',
        tag: 'test-alert',
      },
      { ttlSeconds: TEST_ALERT_TTL_SECONDS, urgency: 'high' },
      now,
    );
  if (only !== 'push' && prefs.smsPhone) {
    await queueText(sql, userId, 'test', prefs.smsPhone, SMS_TEST_TEXT, {
      ttlSeconds: TEST_ALERT_TTL_SECONDS,
      sendAfter: now,
    });
    queued += 1;
  }
  return queued;
}
