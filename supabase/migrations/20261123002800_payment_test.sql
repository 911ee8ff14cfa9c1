-- The admin payment-test page (issue 15): an admin sends a test lead through the real pipeline
-- (qualify, match, distribute, charge) on a sandbox or Stripe-test-mode deployment, and reads the
-- admin leads summary (get_admin_leads_summary).

-- A test lead: made by an admin on the payment-test page, never by a homeowner. Reports, revenue
-- and the admin summaries tell them apart (the summary counts them on their own).
alter table leads add column is_test boolean not null default false;
create index leads_test_created_idx on leads (created_at desc, id desc) where is_test;
-- A lead's transactions (the test transactions list; the summary's revenue by lead).
create index payment_transactions_lead_idx on payment_transactions (lead_id);

-- Test leads are sold only to businesses an admin has named as test recipients (the matcher's
-- other rules still apply); real leads ignore the flag.
alter table businesses add column receives_test_leads boolean not null default false;
create index businesses_test_recipients_idx on businesses (lower(name), id) where receives_test_leads;

-- One press of "Run payment test": who ran it, the lead it made, and the pipeline's error if it
-- threw (the steps' pass or fail are read from the lead, its distributions and transactions).
create table payment_test_runs (
  id            uuid primary key default gen_random_uuid(),
  lead_id       uuid references leads (id) on delete set null,
  actor_user_id uuid references users (id) on delete set null,
  gateway       text not null,
  error_message text,
  created_at    timestamptz not null default now(),
  finished_at   timestamptz,
  constraint payment_test_runs_gateway check (gateway in ('sandbox', 'stripe_test')),
  constraint payment_test_runs_error_length check (error_message is null or char_length(error_message) <= 1000)
);
create index payment_test_runs_created_idx on payment_test_runs (created_at desc, id desc);
create index payment_test_runs_lead_idx on payment_test_runs (lead_id);
alter table payment_test_runs enable row level security;

-- The admin leads summary (the spec's remote procedure get_admin_leads_summary). Real leads only
-- in every figure but the test_* ones. "Today" and "this week" (from Monday) are calendar days in
-- Dayton (America/New_York). Confirmed leads are sold or refused: qualified (sold to at least one
-- contractor), unqualified (duplicate, out of area, or nobody could take it); pending ones are
-- waiting for their confirmation or their sale. Revenue is lead charges paid, less refunds.
create or replace function get_admin_leads_summary()
returns table (
  leads_today          integer,
  leads_this_week      integer,
  leads_total          integer,
  qualified            integer,
  unqualified          integer,
  pending              integer,
  distributed          integer,
  distributions        integer,
  paid_distributions   integer,
  failed_distributions integer,
  revenue_cents        bigint,
  refunded_cents       bigint,
  test_leads           integer,
  test_revenue_cents   bigint
)
language sql stable
set search_path = public, pg_temp
as $$
  with bounds as (
    select date_trunc('day', now() at time zone 'America/New_York') at time zone 'America/New_York' as today,
           date_trunc('week', now() at time zone 'America/New_York') at time zone 'America/New_York' as week
  ),
  lead_counts as (
    select
      count(*) filter (where not l.is_test and l.created_at >= b.today)::int as leads_today,
      count(*) filter (where not l.is_test and l.created_at >= b.week)::int as leads_this_week,
      count(*) filter (where not l.is_test)::int as leads_total,
      count(*) filter (where not l.is_test and l.qualification = 'qualified')::int as qualified,
      count(*) filter (where not l.is_test
                         and l.qualification in ('duplicate', 'out_of_area', 'unmatched'))::int as unqualified,
      count(*) filter (where not l.is_test and l.qualification in ('unconfirmed', 'pending'))::int as pending,
      count(*) filter (where l.is_test)::int as test_leads
    from leads l, bounds b
  ),
  distribution_counts as (
    select
      count(distinct d.lead_id) filter (where d.payment_status = 'paid')::int as distributed,
      count(*)::int as distributions,
      count(*) filter (where d.payment_status = 'paid')::int as paid_distributions,
      count(*) filter (where d.payment_status = 'failed')::int as failed_distributions
    from lead_distributions d join leads l on l.id = d.lead_id
    where not l.is_test
  ),
  money as (
    select
      coalesce(sum(t.payment_amount_cents - t.refunded_amount_cents)
               filter (where not l.is_test and t.payment_status in ('paid', 'succeeded')), 0)::bigint as revenue_cents,
      coalesce(sum(t.refunded_amount_cents) filter (where not l.is_test), 0)::bigint as refunded_cents,
      coalesce(sum(t.payment_amount_cents - t.refunded_amount_cents)
               filter (where l.is_test and t.payment_status in ('paid', 'succeeded')), 0)::bigint as test_revenue_cents
    from payment_transactions t join leads l on l.id = t.lead_id
  )
  select c.leads_today, c.leads_this_week, c.leads_total, c.qualified, c.unqualified, c.pending,
         d.distributed, d.distributions, d.paid_distributions, d.failed_distributions,
         m.revenue_cents, m.refunded_cents, c.test_leads, m.test_revenue_cents
    from lead_counts c, distribution_counts d, money m
$$;

-- Only the server (the tables' owner) calls it: no role of a Data API may
-- (20261122001100_no_data_api_access.sql revokes the tables; a function is executable by PUBLIC
-- unless revoked).
revoke all on function get_admin_leads_summary() from public;
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on function get_admin_leads_summary() from %I', r);
    end if;
  end loop;
end $$;
