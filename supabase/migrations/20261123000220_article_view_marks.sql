-- ===========================================================================
-- Article views counted once per client, article and day (UTC). A client is
-- known only by an HMAC of its address key (an IPv6 client by its /64) under
-- the day's salt, so no address is stored, and once a day's salt is purged
-- (with that day's marks, by the hourly housekeeping job) nothing links a mark
-- back to an address or to the same client on another day.
-- ===========================================================================

-- One random salt per day, made by the day's first view (gen_random_uuid draws
-- from the server's strong random source).
create table article_view_salts (
  day  date primary key,
  salt text not null default (gen_random_uuid()::text || gen_random_uuid()::text)
);

-- One row per article, day and client that viewed it: the view counted.
create table article_view_marks (
  article_id uuid not null references articles (id) on delete cascade,
  day        date not null,
  client     text not null,
  primary key (article_id, day, client),
  constraint article_view_marks_client_is_sha256 check (client ~ '^[0-9a-f]{64}$')
);
create index article_view_marks_day_idx on article_view_marks (day);

-- Every table keeps row level security (20261122001100_no_data_api_access.sql).
alter table article_view_salts enable row level security;
alter table article_view_marks enable row level security;
