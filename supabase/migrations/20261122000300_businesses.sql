-- ===========================================================================
-- Contractors: businesses, the services they offer, portfolio, reviews, photos,
-- and the search and analytics rows about them.
-- ===========================================================================

-- A contractor business. Only status ACTIVE is listed publicly. Money in cents.
-- search_text and search_vector are kept by a trigger for full-text and
-- trigram search; service_names mirrors business_services (also by trigger).
create table businesses (
  id                       uuid primary key default gen_random_uuid(),
  name                     text not null,
  slug                     text not null unique,
  status                   text not null default 'PENDING',
  verified                 boolean not null default false,
  featured                 boolean not null default false,
  category                 text not null,
  tagline                  text,
  description              text,
  address                  text,
  city                     text not null default 'Dayton',
  state                    text not null default 'OH',
  zip_code                 text,
  phone                    text,
  email                    text,
  website                  text,
  latitude                 double precision,
  longitude                double precision,
  average_rating           numeric(2, 1),
  total_reviews            integer not null default 0,
  years_in_business        integer,
  response_time_hours      integer,
  avg_project_cost_min_cents integer,
  avg_project_cost_max_cents integer,
  price_range              text,
  specialties              text[] not null default '{}',
  service_names            text[] not null default '{}',
  service_areas            text[] not null default '{}',
  business_hours           jsonb,
  images                   text[] not null default '{}',
  insurance_verified       boolean not null default false,
  license_number           text,
  owner_id                 uuid references users (id) on delete set null,
  bright_data_id           text,
  payment_setup_completed  boolean not null default false,
  stripe_connect_account_id text,
  stripe_customer_id       text,
  search_text              text not null default '',
  search_vector            tsvector not null default ''::tsvector,
  created_at               timestamptz not null default now(),
  updated_at               timestamptz not null default now(),
  constraint businesses_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint businesses_status check (status in ('ACTIVE', 'PENDING')),
  constraint businesses_name_length check (length(name) between 2 and 255),
  constraint businesses_rating check (average_rating is null or average_rating between 0 and 5),
  constraint businesses_total_reviews check (total_reviews >= 0),
  constraint businesses_years check (years_in_business is null or years_in_business between 0 and 200),
  constraint businesses_response_time check (response_time_hours is null or response_time_hours between 1 and 720),
  constraint businesses_cost_order check (
    avg_project_cost_min_cents is null or avg_project_cost_max_cents is null
    or avg_project_cost_max_cents >= avg_project_cost_min_cents),
  constraint businesses_price_range check (price_range is null or price_range in ('$', '$$', '$$$', '$$$$')),
  constraint businesses_latitude check (latitude is null or latitude between -90 and 90),
  constraint businesses_longitude check (longitude is null or longitude between -180 and 180),
  constraint businesses_hours_is_object check (business_hours is null or jsonb_typeof(business_hours) = 'object')
);
-- Home page and featured lists: ACTIVE, verified, featured desc, rating desc.
create index businesses_featured_idx on businesses (featured desc, average_rating desc nulls last)
  where status = 'ACTIVE' and verified;
create index businesses_status_city_idx on businesses (status, lower(city));
create index businesses_owner_id_idx on businesses (owner_id);
-- Distance searches: bounding-box pre-filter on coordinates.
create index businesses_location_idx on businesses (latitude, longitude) where status = 'ACTIVE';
create index businesses_search_vector_idx on businesses using gin (search_vector);
create index businesses_search_text_trgm_idx on businesses using gin (search_text gin_trgm_ops);
create index businesses_name_trgm_idx on businesses using gin (lower(name) gin_trgm_ops);
create index businesses_service_areas_idx on businesses using gin (service_areas);
create trigger businesses_updated_at before update on businesses for each row execute function set_updated_at();

create or replace function businesses_search_refresh() returns trigger
language plpgsql as $$
begin
  new.search_text := lower(concat_ws(' ',
    new.name, new.category, new.city, new.tagline,
    array_to_string(new.specialties, ' '), array_to_string(new.service_names, ' ')));
  new.search_vector :=
    setweight(to_tsvector('english', coalesce(new.name, '')), 'A') ||
    setweight(to_tsvector('english', concat_ws(' ', new.category, array_to_string(new.service_names, ' '),
      array_to_string(new.specialties, ' '))), 'B') ||
    setweight(to_tsvector('english', concat_ws(' ', new.city, new.tagline)), 'C') ||
    setweight(to_tsvector('english', coalesce(new.description, '')), 'D');
  return new;
end;
$$;
create trigger businesses_search before insert or update of name, category, city, tagline, description, specialties, service_names
  on businesses for each row execute function businesses_search_refresh();

-- Which services a business offers (spec: BusinessService), with its own
-- description and price range for the profile's Services Offered card.
create table business_services (
  id          uuid primary key default gen_random_uuid(),
  business_id uuid not null references businesses (id) on delete cascade,
  service_id  uuid not null references services (id) on delete cascade,
  description text,
  price_range text,
  created_at  timestamptz not null default now(),
  constraint business_services_unique unique (business_id, service_id)
);
create index business_services_service_idx on business_services (service_id, business_id);

-- Keeps businesses.service_names equal to the names of its linked services.
create or replace function business_services_sync_names() returns trigger
language plpgsql as $$
declare
  target uuid := coalesce(new.business_id, old.business_id);
begin
  update businesses b
     set service_names = coalesce((
       select array_agg(s.name order by s.name)
         from business_services bs join services s on s.id = bs.service_id
        where bs.business_id = target), '{}')
   where b.id = target;
  return null;
end;
$$;
create trigger business_services_names after insert or delete or update of service_id
  on business_services for each row execute function business_services_sync_names();

-- Past work shown on a profile.
create table portfolio_items (
  id             uuid primary key default gen_random_uuid(),
  business_id    uuid not null references businesses (id) on delete cascade,
  title          text not null,
  description    text,
  image_url      text,
  video_url      text,
  project_type   text,
  is_before_after boolean not null default false,
  display_order  integer not null default 0,
  created_at     timestamptz not null default now()
);
create index portfolio_items_business_idx on portfolio_items (business_id, created_at desc);

-- A homeowner's review. Only verified reviews are shown publicly.
create table reviews (
  id           uuid primary key default gen_random_uuid(),
  business_id  uuid not null references businesses (id) on delete cascade,
  rating       integer not null,
  author_name  text not null,
  title        text,
  content      text not null,
  project_type text,
  verified     boolean not null default false,
  created_at   timestamptz not null default now(),
  constraint reviews_rating check (rating between 1 and 5),
  constraint reviews_content_length check (length(content) <= 5000)
);
create index reviews_business_verified_idx on reviews (business_id, created_at desc) where verified;

-- Cached copies of contractor photos (spec: contractor_photos).
create table contractor_photos (
  id               uuid primary key default gen_random_uuid(),
  business_id      uuid not null references businesses (id) on delete cascade,
  cached_url       text not null,
  cache_status     text not null default 'cached',
  cache_expires_at timestamptz not null,
  width            integer,
  height           integer,
  created_at       timestamptz not null default now(),
  constraint contractor_photos_status check (cache_status in ('pending', 'cached', 'failed'))
);
create index contractor_photos_business_idx on contractor_photos (business_id, cache_expires_at);

-- Raw place data from Google Places for a business, when that is configured.
create table google_places_data (
  business_id uuid primary key references businesses (id) on delete cascade,
  google_data jsonb not null,
  fetched_at  timestamptz not null default now()
);

-- One row per non-empty search (spec: search_analytics).
create table search_analytics (
  id            uuid primary key default gen_random_uuid(),
  query         text not null,
  results_count integer not null,
  filters       jsonb not null default '{}',
  user_id       uuid references users (id) on delete set null,
  created_at    timestamptz not null default now(),
  constraint search_analytics_results check (results_count >= 0)
);
create index search_analytics_created_idx on search_analytics (created_at desc);

-- Per-business counters by day (spec: Analytics).
create table analytics (
  id          uuid primary key default gen_random_uuid(),
  business_id uuid not null references businesses (id) on delete cascade,
  user_id     uuid references users (id) on delete set null,
  metric      text not null,
  value       integer not null default 1,
  date        date not null default current_date,
  metadata    jsonb,
  created_at  timestamptz not null default now(),
  constraint analytics_metric check (metric in (
    'PROFILE_VIEWS', 'PHONE_CALLS', 'EMAIL_CLICKS', 'WEBSITE_CLICKS', 'SEARCH_APPEARANCES', 'LEAD_GENERATED'))
);
create index analytics_business_metric_date_idx on analytics (business_id, metric, date);
