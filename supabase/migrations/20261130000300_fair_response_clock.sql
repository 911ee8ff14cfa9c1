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

-- The hours a business's clock runs by: its declared hours (Dayton time) when they open at least
-- 20 hours a week; otherwise null, and every minute counts (a clock that runs an hour a week, or
-- never, would make any contractor look instant and never miss a lead).
create or replace function business_open_hours(b uuid)
returns jsonb language sql stable as $$
  select case when (select coalesce(sum(extract(epoch from ((j.value->>'close')::time - (j.value->>'open')::time))), 0)
                      from jsonb_each(business_hours) j
                     where jsonb_typeof(j.value) = 'object' and j.value ? 'open' and j.value ? 'close'
                       and not coalesce((j.value->>'closed')::boolean, false)
                       and j.value->>'close' > j.value->>'open') >= 20 * 3600
              then business_hours end
    from businesses where id = b
$$;

-- Minutes from t0 to t1 that the business was open (business_open_hours; every minute without
-- them) and not away. Away periods never overlap (server/contractor/away.ts keeps them apart).
create or replace function open_minutes(b uuid, t0 timestamptz, t1 timestamptz)
returns double precision language sql stable as $$
  with biz as (
    select business_open_hours(b) as hours
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
     where biz.hours is not null and jsonb_typeof(h.value) = 'object' and h.value ? 'open' and h.value ? 'close'
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
