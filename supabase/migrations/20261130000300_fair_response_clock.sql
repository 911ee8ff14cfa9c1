-- A fair response clock (issue 27, Must 5). A contractor declares business hours
-- (businesses.business_hours, Dayton time) and may be away (a vacation, an emergency): no lead is
-- sold to it while away, and its response figures count only the minutes it was open and not away.

-- Away periods, kept after they end: a response measured later still leaves them out. A business
-- has at most one period that has not ended (server/contractor/away.ts replaces it).
create table business_away_periods (
  id          uuid primary key default gen_random_uuid(),
  business_id uuid not null references businesses (id) on delete cascade,
  starts_at   timestamptz not null,
  ends_at     timestamptz not null,
  reason      text not null check (reason in ('vacation', 'emergency', 'other')),
  created_at  timestamptz not null default now(),
  check (ends_at > starts_at)
);
create index business_away_periods_business_idx on business_away_periods (business_id, ends_at);
alter table business_away_periods enable row level security;

-- Whether the business is away at `at`.
create or replace function business_away_at(b uuid, at timestamptz)
returns boolean language sql stable as $$
  select exists (select 1 from business_away_periods a
                  where a.business_id = b and a.starts_at <= at and a.ends_at > at)
$$;

-- Minutes from t0 to t1 that the business was open (its declared hours, Dayton time; every minute
-- when it declared none, or hours with no open day: a clock that never runs would flatter it) and
-- not away.
create or replace function open_minutes(b uuid, t0 timestamptz, t1 timestamptz)
returns double precision language sql stable as $$
  with biz as (
    select case when exists (select 1 from jsonb_each(business_hours) j
                              where not coalesce((j.value->>'closed')::boolean, false)
                                and j.value->>'close' > j.value->>'open')
                then business_hours end as hours
      from businesses where id = b
  ), span as (
    select t0 as s, greatest(t0, t1) as e
  ), windows as (
    -- No hours declared: the whole span is open.
    select span.s as ws, span.e as we from span, biz where biz.hours is null
    union all
    select greatest(((d.day + (h.value->>'open')::time) at time zone 'America/New_York'), span.s),
           least(((d.day + (h.value->>'close')::time) at time zone 'America/New_York'), span.e)
      from span, biz,
           lateral (select g::date as day from generate_series(
              (span.s at time zone 'America/New_York')::date,
              (span.e at time zone 'America/New_York')::date, interval '1 day') g) d,
           lateral (select biz.hours -> lower(to_char(d.day, 'FMDay')) as value) h
     where biz.hours is not null and h.value is not null
       and not coalesce((h.value->>'closed')::boolean, false)
  )
  select coalesce(sum(
           extract(epoch from (w.we - w.ws))
           - coalesce((select sum(extract(epoch from (least(w.we, a.ends_at) - greatest(w.ws, a.starts_at))))
                         from business_away_periods a
                        where a.business_id = b and a.starts_at < w.we and a.ends_at > w.ws), 0)
         ), 0)::float8 / 60
    from windows w
   where w.we > w.ws
$$;

-- The median first response, in open minutes (was: every minute since the lead was sent).
create or replace function business_response_minutes(b uuid, since timestamptz)
returns table (median_minutes double precision, responses integer)
language sql stable as $$
  select percentile_cont(0.5) within group (
           order by open_minutes(b, coalesce(sent_at, created_at), responded_at)),
         count(*)::int
    from lead_distributions
   where business_id = b and responded_at is not null and responded_at >= since
$$;
