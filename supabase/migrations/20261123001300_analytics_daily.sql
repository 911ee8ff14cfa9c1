-- ===========================================================================
-- Analytics as one row per business, metric and day (UTC): every event adds to
-- that row's value (insert ... on conflict do update), so a busy search page or
-- a popular profile grows a counter, not the table. Rows written one per event
-- before this migration are summed into their day's row first.
-- ===========================================================================

with events as (
  delete from analytics
  returning business_id, metric, date, value, created_at
)
insert into analytics (business_id, metric, date, value, created_at)
select business_id, metric, date, sum(value)::int, min(created_at)
  from events
 group by business_id, metric, date;

drop index analytics_business_metric_date_idx;
create unique index analytics_daily_key on analytics (business_id, metric, date);

-- ===========================================================================
-- Profile beacons (views and phone, e-mail and website clicks) count once per
-- client, business, metric and day, like article views: a client is an HMAC of
-- its address key under the day's salt (article_view_salts, shared), no
-- address is stored, and old days' marks go with the hourly housekeeping.
-- ===========================================================================

-- One row per business, metric, day and client: the event counted.
create table business_event_marks (
  business_id uuid not null references businesses (id) on delete cascade,
  metric      text not null,
  day         date not null,
  client      text not null,
  primary key (business_id, metric, day, client),
  constraint business_event_marks_metric check (metric in ('PROFILE_VIEWS', 'PHONE_CALLS', 'EMAIL_CLICKS', 'WEBSITE_CLICKS')),
  constraint business_event_marks_client_is_sha256 check (client ~ '^[0-9a-f]{64}$')
);
create index business_event_marks_day_idx on business_event_marks (day);

alter table business_event_marks enable row level security;
