-- ===========================================================================
-- One definition of a contractor's spend (issue 24, Must 3).
--   * lead_spend_cents(business, since, until): what the business spent on
--     leads in a period: its lead charges (distributions) paid or being
--     collected, created in the period and since its owner has it, less what
--     was refunded of them (a partial refund on a paid charge; a whole refund
--     makes the distribution 'refunded', which counts nothing). Plan payments
--     are no lead charge and are never part of it.
--   * business_lead_usage (the spend caps' counter) now takes its month from
--     it, so the figure the billing page, the dashboard and the admin show is
--     the number the monthly cap is checked against.
-- docs/decisions.md ("Figures and billing (issue 24)") says why.
-- ===========================================================================

create or replace function lead_spend_cents(business uuid, since timestamptz, until timestamptz default 'infinity')
returns integer
language sql stable as $$
  select coalesce(sum(d.payment_amount_cents - coalesce(t.refunded_amount_cents, 0)), 0)::int
    from lead_distributions d
    left join payment_transactions t on t.distribution_id = d.id
   where d.business_id = business
     and d.payment_status in ('pending', 'paid')
     and d.created_at >= greatest(since,
           coalesce((select owner_since from businesses where id = business), '-infinity'::timestamptz))
     and d.created_at < until
$$;

-- The same weeks and months as 20261126000300_claim_proof.sql (Eastern time, owner_since), the
-- month's spend now lead_spend_cents's.
create or replace function business_lead_usage(business uuid, as_of timestamptz default now())
returns table (week_leads integer, month_spend_cents integer)
language sql stable as $$
  with bounds as (
    select date_trunc('week', as_of at time zone 'America/New_York') at time zone 'America/New_York' as week_start,
           date_trunc('month', as_of at time zone 'America/New_York') at time zone 'America/New_York' as month_start,
           coalesce((select owner_since from businesses where id = business), '-infinity'::timestamptz) as owner_since
  )
  select
    (select count(*)::int from lead_distributions d
      where d.business_id = business and d.payment_status in ('pending', 'paid')
        and d.created_at >= greatest(b.week_start, b.owner_since)),
    lead_spend_cents(business, b.month_start)
  from bounds b
$$;
