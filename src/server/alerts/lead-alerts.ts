// What a contractor's devices are told, queued in the transaction of the change: a lead sold
// (service, place, budget, timeline; a tap opens that lead) and the test alert. Never a
// homeowner's name, address, phone or e-mail: a push may show on a locked screen.
import { LEAD_ALERT_TTL_SECONDS, TEST_ALERT_TTL_SECONDS } from '../../domain/alert-rules.ts';
import { formatBudget } from '../../domain/format.ts';
import { timelineLabel } from '../../domain/quote-rules.ts';
import type { LeadRow } from '../quotes/types.ts';
import type { Sql, TransactionSql } from '../db/client.ts';
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

interface Alert {
  kind: 'lead_new' | 'test';
  payload: AlertPayload;
  options: PushOptions;
}

/** Queues `alert` to every device of `userId`; how many it went to. */
export async function queueAlert(sql: Sql | TransactionSql, userId: string, alert: Alert): Promise<number> {
  const rows = await sql`
    insert into alert_deliveries (channel, subscription_id, user_id, kind, payload, ttl_seconds, urgency)
    select 'push', id, user_id, ${alert.kind}, ${sql.json({ ...alert.payload })}, ${alert.options.ttlSeconds}, ${alert.options.urgency}
      from push_subscriptions where user_id = ${userId}
    returning id`;
  return rows.length;
}

/** What a lead's alert says of it: the service, the place, the budget and the timeline. */
export type LeadAlertFacts = Pick<
  LeadRow,
  'project_type' | 'city' | 'zip_code' | 'budget_min' | 'budget_max' | 'timeline'
>;

/** The new-lead alert of a paid distribution, to the devices of its business's owner. */
export async function queueLeadAlert(
  tx: TransactionSql,
  ownerId: string,
  distributionId: string,
  lead: LeadAlertFacts,
): Promise<number> {
  return queueAlert(tx, ownerId, {
    kind: 'lead_new',
    payload: leadAlertPayload(distributionId, lead),
    options: { ttlSeconds: LEAD_ALERT_TTL_SECONDS, urgency: 'high' },
  });
}

export function leadAlertPayload(distributionId: string, lead: LeadAlertFacts): AlertPayload {
  return {
    title: `New lead: ${lead.project_type} in ${lead.city ?? lead.zip_code ?? 'your area'}`,
    body: `Budget: ${formatBudget(lead.budget_min, lead.budget_max)} · Timeline: ${timelineLabel(lead.timeline)}`,
    url: `/dashboard?lead=${distributionId}`,
    tag: `lead-${distributionId}`,
  };
}

/** A test alert to every device of the user: what a new lead's alert looks like. */
export async function queueTestAlert(sql: Sql, userId: string): Promise<number> {
  return queueAlert(sql, userId, {
    kind: 'test',
    payload: {
      title: 'Test alert from Dayton Contractors',
      body: 'New leads will appear like this. Tap to open your dashboard.',
      url: '/dashboard',
      tag: 'test-alert',
    },
    options: { ttlSeconds: TEST_ALERT_TTL_SECONDS, urgency: 'high' },
  });
}
