// What a contractor's devices are told, queued in the transaction of the change: a lead sold
// (service, place, budget, timeline; a tap opens that lead) and the test alert. Never a
// homeowner's name, address, phone or e-mail: a push may show on a locked screen.
import { LEAD_ALERT_TTL_SECONDS, TEST_ALERT_TTL_SECONDS } from '../../domain/alert-rules.ts';
import { formatBudget } from '../../domain/format.ts';
import { TIMELINES } from '../../domain/quote-rules.ts';
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

const timelineLabel = (value: string) => TIMELINES.find((t) => t.value === value)?.label ?? value;

/** The new-lead alert of a paid distribution, to its business owner's devices. */
export async function queueLeadAlert(tx: TransactionSql, distributionId: string): Promise<number> {
  const [row] = await tx<
    {
      owner_id: string | null;
      project_type: string;
      city: string | null;
      zip_code: string | null;
      budget_min: number;
      budget_max: number;
      timeline: string;
    }[]
  >`
    select b.owner_id, l.project_type, l.city, l.zip_code, l.budget_min, l.budget_max, l.timeline
      from lead_distributions d
      join businesses b on b.id = d.business_id
      join leads l on l.id = d.lead_id
     where d.id = ${distributionId}`;
  if (!row?.owner_id) return 0;
  return queueAlert(tx, row.owner_id, {
    kind: 'lead_new',
    payload: leadAlertPayload(distributionId, row),
    options: { ttlSeconds: LEAD_ALERT_TTL_SECONDS, urgency: 'high' },
  });
}

export function leadAlertPayload(
  distributionId: string,
  lead: {
    project_type: string;
    city: string | null;
    zip_code: string | null;
    budget_min: number;
    budget_max: number;
    timeline: string;
  },
): AlertPayload {
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
