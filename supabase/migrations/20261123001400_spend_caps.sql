-- ===========================================================================
-- Spend caps (issue 14): each contractor may set a monthly spend cap, a weekly
-- lead cap and a pause switch; the lead pipeline never sells a lead past them.
-- A null cap means no cap. Money is integer cents (the UI shows whole dollars).
-- The week is the calendar week (Monday 00:00) and the month the calendar month,
-- both in America/New_York, where every lead is; a distribution counts in the
-- week and month it was created (reserved), whether still pending or paid.
-- ===========================================================================

alter table businesses
  add column monthly_spend_cap_cents integer,
  add column weekly_lead_cap integer,
  add column leads_paused boolean not null default false,
  add constraint businesses_monthly_spend_cap check (
    monthly_spend_cap_cents is null or monthly_spend_cap_cents between 3000 and 100000000),
  add constraint businesses_weekly_lead_cap check (
    weekly_lead_cap is null or weekly_lead_cap between 1 and 10000);

-- What a business has used of its caps: distributions still pending (a charge
-- under way) or paid, created since the start of the week of as_of (count) and of
-- its month (sum of their amounts). Failed and refunded ones count for nothing.
-- No upper bound on purpose: a row a concurrent run created (and committed) after
-- this transaction began still counts.
create function business_lead_usage(business uuid, as_of timestamptz default now())
returns table (week_leads integer, month_spend_cents integer)
language sql stable as $$
  with bounds as (
    select date_trunc('week', as_of at time zone 'America/New_York') at time zone 'America/New_York' as week_start,
           date_trunc('month', as_of at time zone 'America/New_York') at time zone 'America/New_York' as month_start
  )
  select
    (count(*) filter (where d.created_at >= b.week_start))::int,
    (coalesce(sum(d.payment_amount_cents) filter (where d.created_at >= b.month_start), 0))::int
  from bounds b
  left join lead_distributions d
    on d.business_id = business
   and d.payment_status in ('pending', 'paid')
   and d.created_at >= least(b.week_start, b.month_start)
$$;
