-- ===========================================================================
-- Catalog and editorial content: services, service areas, emergency services,
-- articles and SEO landing pages. Loaded from content/ by `npm run db:seed`
-- (upsert by slug) and edited by admins.
-- ===========================================================================

-- A trade homeowners hire for. Prices are typical project ranges in cents.
create table services (
  id              uuid primary key default gen_random_uuid(),
  slug            text not null unique,
  name            text not null unique,
  category        text not null,
  description     text not null,
  is_popular      boolean not null default false,
  is_emergency    boolean not null default false,
  price_min_cents integer not null,
  price_max_cents integer not null,
  price_unit      text not null default 'project',
  keywords        text[] not null default '{}',
  faq             jsonb not null default '[]',
  sort_order      integer not null default 0,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  constraint services_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint services_price_order check (price_min_cents >= 0 and price_max_cents >= price_min_cents),
  constraint services_faq_is_array check (jsonb_typeof(faq) = 'array')
);
create index services_popular_name_idx on services (is_popular desc, name);
create index services_name_trgm_idx on services using gin (lower(name) gin_trgm_ops);
create trigger services_updated_at before update on services for each row execute function set_updated_at();

-- A city or township we serve (spec: 25 fixed entries in three counties).
create table service_areas (
  id          uuid primary key default gen_random_uuid(),
  slug        text not null unique,
  name        text not null unique,
  county      text not null,
  state       text not null default 'OH',
  population  integer not null,
  zip_codes   text[] not null,
  latitude    double precision not null,
  longitude   double precision not null,
  description text not null default '',
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  constraint service_areas_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint service_areas_county check (county in ('Montgomery', 'Greene', 'Warren')),
  constraint service_areas_population check (population > 0),
  constraint service_areas_latitude check (latitude between -90 and 90),
  constraint service_areas_longitude check (longitude between -180 and 180)
);
create index service_areas_zip_codes_idx on service_areas using gin (zip_codes);
create trigger service_areas_updated_at before update on service_areas for each row execute function set_updated_at();

-- 24/7 emergency page data (spec: emergency_services).
create table emergency_services (
  id                    uuid primary key default gen_random_uuid(),
  name                  text not null,
  slug                  text not null unique,
  description           text not null,
  service_type          text not null,
  service_id            uuid references services (id) on delete set null,
  response_time_minutes integer not null default 30,
  availability          text not null default '24/7',
  emergency_scenarios   text[] not null default '{}',
  pricing_notes         text not null default 'Emergency service rates may apply. Call for immediate quote.',
  call_to_action        text not null default 'Call Now for Emergency Service',
  conversion_rate       numeric(5, 2) not null default 0,
  page_views            integer not null default 0,
  created_at            timestamptz not null default now(),
  updated_at            timestamptz not null default now(),
  constraint emergency_services_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint emergency_services_response check (response_time_minutes > 0),
  constraint emergency_services_page_views check (page_views >= 0)
);
create trigger emergency_services_updated_at before update on emergency_services for each row execute function set_updated_at();

-- The fixed alias table: an emergency slug is first mapped through it, then
-- the raw slug is tried (spec document 2, section 7).
create table emergency_service_aliases (
  alias          text primary key,
  emergency_slug text not null references emergency_services (slug) on update cascade on delete cascade,
  constraint emergency_service_aliases_format check (alias ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);

-- Homeowner guides. content holds plain text (a JSON string) or an object:
-- {format: 'markdown', body}, {sections: [...]}, {blocks: [...]}, {content}.
create table articles (
  id               uuid primary key default gen_random_uuid(),
  title            text not null,
  slug             text not null unique,
  excerpt          text not null default '',
  cover_image_url  text,
  category         text not null,
  status           text not null default 'draft',
  published_at     timestamptz,
  service          text,
  city             text,
  state            text,
  meta_title       text,
  meta_description text,
  content          jsonb not null,
  view_count       integer not null default 0,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  constraint articles_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint articles_status check (status in ('draft', 'published', 'archived')),
  constraint articles_published_has_date check (status <> 'published' or published_at is not null),
  constraint articles_view_count check (view_count >= 0)
);
create index articles_published_idx on articles (published_at desc) where status = 'published';
create index articles_service_city_idx on articles (service, city) where status = 'published';
create trigger articles_updated_at before update on articles for each row execute function set_updated_at();

-- Overrides for a generated city-service landing page (/{service}-{city}-ohio).
create table seo_pages (
  id               uuid primary key default gen_random_uuid(),
  slug             text not null unique,
  service_id       uuid references services (id) on delete set null,
  city             text not null,
  state            text not null default 'OH',
  title_tag        text,
  meta_description text,
  canonical_url    text,
  h1_heading       text,
  intro_content    text,
  service_overview text,
  local_insights   text,
  pricing_guide    text,
  faq_content      jsonb not null default '[]',
  schema_markup    jsonb,
  page_views       integer not null default 0,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  constraint seo_pages_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint seo_pages_faq_is_array check (jsonb_typeof(faq_content) = 'array'),
  constraint seo_pages_page_views check (page_views >= 0)
);
create trigger seo_pages_updated_at before update on seo_pages for each row execute function set_updated_at();

-- Hand-picked related articles for an SEO page, in order.
create table seo_page_articles (
  seo_page_id uuid not null references seo_pages (id) on delete cascade,
  article_id  uuid not null references articles (id) on delete cascade,
  sort_order  integer not null default 0,
  primary key (seo_page_id, article_id)
);
create index seo_page_articles_order_idx on seo_page_articles (seo_page_id, sort_order);
