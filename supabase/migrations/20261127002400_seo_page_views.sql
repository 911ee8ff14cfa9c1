-- ===========================================================================
-- SEO page views (spec: "Each view adds 1 to the page's view count"), counted
-- once per client, page and day (UTC) like article views: a client is an HMAC
-- of its address key under the day's salt (article_view_salts, shared), no
-- address is stored, and old days' marks go with the hourly housekeeping.
--
-- Every city-service page (/{service}-{city}-ohio, 750 of them) is generated
-- by the build; a seo_pages row exists only for a page whose copy an admin
-- overrode. So the count is kept per page slug here, and seo_pages.page_views
-- (which only an overridden page could have had, and nothing ever raised) goes.
-- ===========================================================================

-- One row per page viewed at least once: its count.
create table seo_page_views (
  slug       text primary key,
  page_views integer not null default 0,
  updated_at timestamptz not null default now(),
  constraint seo_page_views_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*-ohio$'),
  constraint seo_page_views_count check (page_views >= 0)
);

-- One row per page, day and client that viewed it: the view counted.
create table seo_page_view_marks (
  slug   text not null,
  day    date not null,
  client text not null,
  primary key (slug, day, client),
  constraint seo_page_view_marks_client_is_sha256 check (client ~ '^[0-9a-f]{64}$')
);
create index seo_page_view_marks_day_idx on seo_page_view_marks (day);

alter table seo_pages drop column page_views;

-- Every table keeps row level security (20261122001100_no_data_api_access.sql).
alter table seo_page_views enable row level security;
alter table seo_page_view_marks enable row level security;
