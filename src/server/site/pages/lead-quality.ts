// The published lead-quality figures (issue 27, Must 7), counted from the ledger at build time:
// the charges (lead_distributions charged and not a test), their refunded credits and reasons,
// the phone proofs, the first responses and the outcomes homeowners told. A lead belongs to the
// Dayton month of its first sale; the last LEAD_QUALITY_MONTHS months are counted, by service and
// for all services, and over the whole window (grouping sets, so each line's median is its own).
import {
  LEAD_QUALITY_MONTHS,
  type LeadQualityCounts,
  type LeadQualityReport,
} from '../../../domain/lead-quality.ts';
import { SITE_TIME_ZONE } from '../../../domain/format.ts';
import type { Sql } from '../../platform/db/client.ts';
import { db } from '../../platform/db/client.ts';

interface CountRow {
  month: string | null;
  slug: string | null;
  name: string | null;
  leads_sold: number;
  sales: number;
  proven_phone: number;
  credited: number;
  responded: number;
  median_minutes: number | null;
  asked: number;
  answered: number;
  hired: number;
}

interface ReasonRow {
  month: string | null;
  slug: string | null;
  reason: string;
  n: number;
}

export async function readLeadQuality(sql: Sql, now = new Date()): Promise<LeadQualityReport> {
  const sold = sql`
    with charges as (
      select d.lead_id, d.charged_at, d.responded_at, c.reason as credit_reason
        from lead_distributions d
        join leads l on l.id = d.lead_id
        left join lead_credits c on c.distribution_id = d.id and c.status = 'refunded'
       where d.charged_at is not null and d.charged_at <= ${now}
         and d.payment_status in ('paid', 'refunded') and not l.is_test
    ),
    per_lead as (
      select lead_id, min(charged_at) as first_sale, min(responded_at) as first_response,
             count(*)::int as sales, count(credit_reason)::int as credited
        from charges group by lead_id
    )
    select p.*, l.service_id, l.phone_verified_at, l.outcome, l.outcome_asked_at,
           to_char(p.first_sale at time zone ${SITE_TIME_ZONE}, 'YYYY-MM') as month
      from per_lead p join leads l on l.id = p.lead_id
     where p.first_sale >= (date_trunc('month', ${now}::timestamptz at time zone ${SITE_TIME_ZONE})
                            - make_interval(months => ${LEAD_QUALITY_MONTHS - 1})) at time zone ${SITE_TIME_ZONE}`;
  const counts = await sql<CountRow[]>`
    with sold as (${sold})
    select s.month, sv.slug, sv.name,
           count(*)::int as leads_sold,
           sum(s.sales)::int as sales,
           count(*) filter (where s.phone_verified_at <= s.first_sale)::int as proven_phone,
           sum(s.credited)::int as credited,
           count(s.first_response)::int as responded,
           percentile_cont(0.5) within group (
             order by extract(epoch from s.first_response - s.first_sale) / 60) as median_minutes,
           count(*) filter (where s.outcome_asked_at is not null or s.outcome is not null)::int as asked,
           count(*) filter (where s.outcome is not null)::int as answered,
           count(*) filter (where s.outcome = 'hired')::int as hired
      from sold s join services sv on sv.id = s.service_id
     group by grouping sets ((s.month, sv.slug, sv.name), (s.month), ())
     order by s.month desc nulls first, sv.name nulls first`;
  const reasons = await sql<ReasonRow[]>`
    with sold as (${sold})
    select s.month, sv.slug, c.reason, count(*)::int as n
      from sold s
      join services sv on sv.id = s.service_id
      join lead_distributions d on d.lead_id = s.lead_id and d.charged_at is not null and d.charged_at <= ${now}
                               and d.payment_status in ('paid', 'refunded')
      join lead_credits c on c.distribution_id = d.id and c.status = 'refunded'
     group by grouping sets ((s.month, sv.slug, c.reason), (s.month, c.reason), (c.reason))`;
  const reasonsOf = (month: string | null, slug: string | null) =>
    Object.fromEntries(
      reasons.filter((r) => r.month === month && r.slug === slug).map((r) => [r.reason, r.n]),
    );
  const rows: LeadQualityCounts[] = counts.map((row) => ({
    month: row.month,
    service: row.slug && row.name ? { slug: row.slug, name: row.name } : null,
    leadsSold: row.leads_sold,
    sales: row.sales,
    provenPhone: row.proven_phone,
    credited: row.credited,
    creditReasons: reasonsOf(row.month, row.slug),
    responded: row.responded,
    medianFirstResponseMinutes: row.median_minutes === null ? null : Math.round(row.median_minutes),
    asked: row.asked,
    answered: row.answered,
    hired: row.hired,
  }));
  const byMonth = rows.filter((r) => r.month !== null);
  return {
    generatedAt: now.toISOString(),
    months: [...new Set(byMonth.map((r) => r.month!))],
    rows: byMonth,
    // With nothing sold, the empty grouping set still answers one line of zeros.
    total: rows.find((r) => r.month === null && r.leadsSold > 0) ?? null,
  };
}

let cached: Promise<LeadQualityReport> | undefined;

/** The figures for this build, counted once. */
export function leadQuality(): Promise<LeadQualityReport> {
  cached ??= readLeadQuality(db());
  return cached;
}
