-- The admin leads page (issue 15): every lead, newest first by keyset (created_at, id), filtered
-- by qualification or by a part of the homeowner's e-mail, name, the service, city or ZIP code;
-- and an admin's re-send of a lead to the next matching pro, recorded once per request key so a
-- double click or a retried request sells the lead once.

-- The list's search: any part of the homeowner's e-mail and name, the service, the city and the
-- ZIP code, kept lower-cased as a stored column so the indexes can hold it.
alter table leads add column admin_search text generated always as (
  lower(email || ' ' || name || ' ' || project_type || ' ' || coalesce(city, '') || ' ' || coalesce(zip_code, ''))
) stored;
-- The list's order; a rare term through the trigram index (pg_trgm: 20261122000100_identity.sql).
create index admin_leads_keyset_idx on leads (created_at desc, id desc);
create index admin_leads_search_trgm_idx on leads using gin (admin_search gin_trgm_ops);
-- One qualification, newest first, with the searched text in the index: a search within a rare
-- qualification is checked on the index alone (an index-only scan), not lead by lead in the table
-- (bench/admin.ts: 374 ms for a term none of 20,000 duplicates has, when it read the table).
create index admin_leads_qualification_idx on leads (qualification, created_at desc, id desc) include (admin_search);

-- One admin re-send of a lead (src/server/admin/resend-lead.ts). request_key is the page's key for
-- one click (kept by the browser across retries): a second request with it continues or answers
-- the first instead of choosing another pro. distribution_id is the pro it is being sent to now;
-- tried the businesses whose charge was declined on the way (the pipeline moves on to the next).
-- finished_at and outcome are set once, with the audit row ('lead.resend').
create table lead_resends (
  id                   uuid primary key default gen_random_uuid(),
  lead_id              uuid not null references leads (id) on delete cascade,
  request_key          text not null unique,
  actor_user_id        uuid references users (id) on delete set null,
  distribution_id      uuid references lead_distributions (id) on delete set null,
  tried                uuid[] not null default '{}',
  before_distributions jsonb not null,
  outcome              text,
  created_at           timestamptz not null default now(),
  finished_at          timestamptz,
  constraint lead_resends_key_length check (length(request_key) between 8 and 64),
  constraint lead_resends_outcome check (outcome in ('sent', 'none_left')),
  constraint lead_resends_finished check ((outcome is null) = (finished_at is null))
);
create index lead_resends_lead_idx on lead_resends (lead_id, created_at desc);
alter table lead_resends enable row level security;
