-- Issue 26, the review's low findings.

-- ---------------------------------------------------------------------------------------------
-- Stripe events keep their outcome: 'processed', 'ignored' (a type outside the allow-list),
-- 'missing' (the object is no longer at Stripe) or 'incomplete' (a signed event whose object
-- lacks what a handler needs). Null while the handlers have not all succeeded.
alter table stripe_events add column outcome text;
update stripe_events set outcome = case when ignored then 'ignored' else 'processed' end
 where processed_at is not null;
alter table stripe_events
  add constraint stripe_events_outcome check (outcome in ('processed', 'ignored', 'missing', 'incomplete')),
  add constraint stripe_events_outcome_processed check ((outcome is null) = (processed_at is null));

-- ---------------------------------------------------------------------------------------------
-- The paid geocoder's answers, kept a while (src/server/geo/limited-geocoder.ts): keyed by the
-- normalised place text ('forward:100 main st, mason') or the point rounded to 3 decimals
-- ('reverse:39.760,-84.190'). Only answers inside our region are kept; coordinates are rounded.
create table geocode_cache (
  query      text primary key,
  name       text not null,
  latitude   double precision not null,
  longitude  double precision not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint geocode_cache_query check (length(query) between 1 and 300),
  constraint geocode_cache_name check (length(name) between 1 and 300),
  constraint geocode_cache_point check (latitude between -90 and 90 and longitude between -180 and 180)
);
create index geocode_cache_expires_idx on geocode_cache (expires_at);
alter table geocode_cache enable row level security;

-- ---------------------------------------------------------------------------------------------
-- A business's search appearance counts once per client (its address key), business and UTC
-- day (src/server/search/search-contractors.ts recordSearch): the review raised a count by 21
-- with 21 identical searches. Housekeeping deletes the days gone by.
create table search_appearance_marks (
  client      text not null,
  business_id uuid not null references businesses (id) on delete cascade,
  day         date not null,
  primary key (client, business_id, day),
  constraint search_appearance_marks_client check (length(client) between 1 and 100)
);
create index search_appearance_marks_day_idx on search_appearance_marks (day);
alter table search_appearance_marks enable row level security;
