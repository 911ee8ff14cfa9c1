// The signals behind a held or reported request (the fraud queue): other requests within
// SIGNAL_DAYS either side of it with the same phone, street address (address_key), network
// (client_prefix) or browser (device_hash); how many distinct mailboxes wrote from its e-mail
// domain within DOMAIN_SIGNAL_HOURS when that domain is no free-mail provider; and requests whose
// description is nearly the same (near_duplicate_of either way, or a sketch similarity of at least
// NEAR_DUPLICATE_SIMILARITY among those sharing any of its sketch).
import {
  DOMAIN_SIGNAL_HOURS,
  SIGNAL_DAYS,
  SIGNAL_EXAMPLES,
  SIGNAL_LABELS,
  signalText,
  type SignalKind,
} from '../../../domain/fraud-rules.ts';
import {
  isFreeMailDomain,
  NEAR_DUPLICATE_SIMILARITY,
  sketchSimilarity,
} from '../../../domain/integrity-rules.ts';
import type { FraudOther, FraudSignal } from '../../../schemas/admin-fraud.ts';
import type { Sql } from '../../platform/db/client.ts';

export interface SignalSource {
  id: string;
  created_at: Date;
  phone: string;
  email_domain: string | null;
  address_key: string | null;
  property_address: string;
  zip_code: string | null;
  client_prefix: string | null;
  device_hash: string | null;
  text_sketch: number[] | null;
  near_duplicate_of: string | null;
}

interface OtherRow {
  id: string;
  created_at: Date;
  qualification: string;
  total: number;
}

const other = (r: { id: string; created_at: Date; qualification: string }): FraudOther => ({
  id: r.id,
  createdAt: r.created_at.toISOString(),
  qualification: r.qualification,
});

export async function fraudSignals(sql: Sql, lead: SignalSource): Promise<FraudSignal[]> {
  const window = sql`o.id <> ${lead.id}
    and o.created_at between ${lead.created_at}::timestamptz - make_interval(days => ${SIGNAL_DAYS})
                         and ${lead.created_at}::timestamptz + make_interval(days => ${SIGNAL_DAYS})`;
  const shared = async (kind: SignalKind, column: string, value: string | null, detail: string) => {
    if (!value) return null;
    const rows = await sql<OtherRow[]>`
      select o.id, o.created_at, o.qualification, count(*) over ()::int as total
        from leads o
       where o.${sql(column)} = ${value} and ${window}
       order by o.created_at desc, o.id desc
       limit ${SIGNAL_EXAMPLES}`;
    if (!rows.length) return null;
    const count = rows[0]!.total;
    return {
      kind,
      label: SIGNAL_LABELS[kind],
      text: signalText(kind, count, detail),
      count,
      others: rows.map(other),
    };
  };
  const signals = [
    await shared('phone', 'phone', lead.phone, lead.phone),
    await shared(
      'address',
      'address_key',
      lead.address_key,
      `${lead.property_address} ${lead.zip_code ?? ''}`.trim(),
    ),
    await shared('prefix', 'client_prefix', lead.client_prefix, lead.client_prefix ?? ''),
    await shared('device', 'device_hash', lead.device_hash, ''),
    await domain(sql, lead),
    await nearDuplicates(sql, lead),
  ];
  return signals.filter((s): s is FraudSignal => s !== null);
}

/** Distinct mailboxes at the lead's domain (the lead's own included) within the day either side. */
async function domain(sql: Sql, lead: SignalSource): Promise<FraudSignal | null> {
  if (!lead.email_domain || isFreeMailDomain(lead.email_domain)) return null;
  const rows = await sql<(OtherRow & { mailboxes: number })[]>`
    with near as (
      select o.id, o.created_at, o.qualification, coalesce(o.email_key, o.email) as mailbox
        from leads o
       where o.email_domain = ${lead.email_domain}
         and o.created_at between ${lead.created_at}::timestamptz - make_interval(hours => ${DOMAIN_SIGNAL_HOURS})
                              and ${lead.created_at}::timestamptz + make_interval(hours => ${DOMAIN_SIGNAL_HOURS}))
    select n.id, n.created_at, n.qualification, (select count(*) from near where id <> ${lead.id})::int as total,
           (select count(distinct mailbox) from near)::int as mailboxes
      from near n where n.id <> ${lead.id}
     order by n.created_at desc, n.id desc
     limit ${SIGNAL_EXAMPLES}`;
  const mailboxes = rows[0]?.mailboxes ?? 1;
  if (mailboxes < 2) return null;
  return {
    kind: 'domain',
    label: SIGNAL_LABELS.domain,
    text: signalText('domain', mailboxes, lead.email_domain),
    count: mailboxes,
    others: rows.map(other),
  };
}

/** Requests flagged as near-duplicates of this one (either way) or sharing most of its wording. */
async function nearDuplicates(sql: Sql, lead: SignalSource): Promise<FraudSignal | null> {
  const sketch = lead.text_sketch ?? [];
  const rows = await sql<
    { id: string; created_at: Date; qualification: string; text_sketch: number[] | null; linked: boolean }[]
  >`
    select o.id, o.created_at, o.qualification, o.text_sketch,
           (o.id = ${lead.near_duplicate_of ?? null}::uuid or o.near_duplicate_of = ${lead.id}) as linked
      from leads o
     where o.id <> ${lead.id}
       and (o.id = ${lead.near_duplicate_of ?? null}::uuid or o.near_duplicate_of = ${lead.id}
            or (${sketch.length > 0} and o.text_sketch && ${sketch}::int[]
                and o.created_at between ${lead.created_at}::timestamptz - make_interval(days => ${SIGNAL_DAYS})
                                     and ${lead.created_at}::timestamptz + make_interval(days => ${SIGNAL_DAYS})))
     order by o.created_at desc, o.id desc
     limit 500`;
  const similar = rows
    .map((r) => ({ ...r, similarity: r.text_sketch ? sketchSimilarity(sketch, r.text_sketch) : 0 }))
    .filter((r) => r.linked || r.similarity >= NEAR_DUPLICATE_SIMILARITY);
  if (!similar.length) return null;
  const best = Math.max(...similar.map((r) => r.similarity));
  const detail = best > 0 ? `up to ${Math.round(best * 100)}% the same` : 'flagged when it was sent';
  return {
    kind: 'text',
    label: SIGNAL_LABELS.text,
    text: signalText('text', similar.length, detail),
    count: similar.length,
    others: similar.slice(0, SIGNAL_EXAMPLES).map(other),
  };
}
