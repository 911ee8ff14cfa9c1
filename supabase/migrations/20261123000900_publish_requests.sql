-- ===========================================================================
-- Publish requests: the public pages are prebuilt, so a change to public data
-- (a contractor's profile, a new verified review, an approval, an admin's
-- content edit) is not public until the next build. Each such change records a
-- request here, in the same transaction as the change; a publish (the admin
-- area's Publish button or the automatic one) takes every request not yet
-- published and marks them with its build.
-- ===========================================================================
create table publish_requests (
  id           bigint generated always as identity primary key,
  reason       text not null,
  entity_type  text not null,
  entity_id    text not null,
  requested_by uuid references users (id) on delete set null,
  created_at   timestamptz not null default now(),
  published_at timestamptz,
  constraint publish_requests_reason_length check (length(reason) between 1 and 200),
  constraint publish_requests_entity_type check (entity_type in ('business', 'review', 'seo_page', 'article', 'service'))
);
create index publish_requests_unpublished_idx on publish_requests (created_at) where published_at is null;
-- Every table keeps row level security (20261122001100_no_data_api_access.sql).
alter table publish_requests enable row level security;
