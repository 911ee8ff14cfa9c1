-- ===========================================================================
-- Publishing: a publish run is one rebuild of the prebuilt pages, asked for by
-- the admin area's Publish button or the automatic publish after an approval.
-- Runs coalesce: at most one is building and at most one waits behind it (the
-- two partial unique indexes hold that whatever the code does), so a burst of
-- publishes makes at most two builds. A run covers the publish requests that
-- were pending when its build started; they are marked published when it
-- succeeds and handed back to the next run when it fails.
--   queued    waiting for the build in progress to end
--   building  the build is running (locally) or its hook is being called
--   live      the local rebuild succeeded and the server serves it
--   triggered production: Netlify's build hook accepted the build; Netlify
--             reports its end in its own deploy log and notifications
--   failed    the build failed (log_tail says why); the old site stays
-- ===========================================================================
create table publish_runs (
  id           bigint generated always as identity primary key,
  status       text not null default 'queued',
  requested_by uuid references users (id) on delete set null,
  requested_at timestamptz not null default now(),
  started_at   timestamptz,
  finished_at  timestamptz,
  log_tail     text,
  -- host:pid of the process building it: a run whose process is gone is failed at the next claim.
  claimed_by   text,
  constraint publish_runs_status check (status in ('queued', 'building', 'live', 'triggered', 'failed')),
  constraint publish_runs_log_tail_length check (log_tail is null or length(log_tail) <= 8000),
  constraint publish_runs_claimed_by_length check (claimed_by is null or length(claimed_by) <= 300),
  constraint publish_runs_started check ((status = 'queued') = (started_at is null)),
  constraint publish_runs_finished check ((status in ('queued', 'building')) = (finished_at is null))
);
create unique index publish_runs_one_queued on publish_runs ((true)) where status = 'queued';
create unique index publish_runs_one_building on publish_runs ((true)) where status = 'building';
create index publish_runs_recent_idx on publish_runs (id desc);

-- Which run covers a request (set when its build starts; published_at when the run succeeds).
alter table publish_requests add column publish_run_id bigint references publish_runs (id) on delete set null;
create index publish_requests_run_idx on publish_requests (publish_run_id) where publish_run_id is not null;

-- Every table keeps row level security (20261122001100_no_data_api_access.sql).
alter table publish_runs enable row level security;
