-- ===========================================================================
-- Operations: the mail outbox, background jobs and their attempts, the audit
-- log, and a small key/value table for facts about this database.
-- ===========================================================================

-- Transactional outbox: written in the same transaction as the change that
-- causes the mail, delivered later by the sender (SMTP, or /dev/mail locally).
create table mail_outbox (
  id          uuid primary key default gen_random_uuid(),
  to_address  text not null,
  subject     text not null,
  text_body   text not null,
  html_body   text,
  template    text not null,
  payload     jsonb not null default '{}',
  status      text not null default 'pending',
  attempts    integer not null default 0,
  last_error  text,
  send_after  timestamptz not null default now(),
  sent_at     timestamptz,
  created_at  timestamptz not null default now(),
  constraint mail_outbox_status check (status in ('pending', 'sending', 'sent', 'captured', 'failed')),
  constraint mail_outbox_attempts check (attempts >= 0)
);
create index mail_outbox_due_idx on mail_outbox (send_after) where status = 'pending';
create index mail_outbox_to_idx on mail_outbox (to_address, created_at desc);

-- Background work (retry failed charges, deliver mail, expire tokens, rebuild).
create table jobs (
  id           uuid primary key default gen_random_uuid(),
  kind         text not null,
  payload      jsonb not null default '{}',
  status       text not null default 'queued',
  run_after    timestamptz not null default now(),
  attempts     integer not null default 0,
  max_attempts integer not null default 3,
  last_error   text,
  locked_at    timestamptz,
  locked_by    text,
  dedupe_key   text unique,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  constraint jobs_status check (status in ('queued', 'running', 'succeeded', 'failed', 'dead')),
  constraint jobs_attempts check (attempts >= 0 and max_attempts > 0)
);
create index jobs_due_idx on jobs (run_after) where status = 'queued';
create trigger jobs_updated_at before update on jobs for each row execute function set_updated_at();

-- One row per run of a job, for diagnosis.
create table job_attempts (
  id          uuid primary key default gen_random_uuid(),
  job_id      uuid not null references jobs (id) on delete cascade,
  started_at  timestamptz not null default now(),
  finished_at timestamptz,
  outcome     text,
  error       text,
  constraint job_attempts_outcome check (outcome is null or outcome in ('succeeded', 'failed'))
);
create index job_attempts_job_idx on job_attempts (job_id, started_at);

-- Who did what: sign-ins, approvals, publishing, refunds.
create table audit_log (
  id            bigint generated always as identity primary key,
  actor_user_id uuid references users (id) on delete set null,
  action        text not null,
  entity_type   text,
  entity_id     text,
  details       jsonb not null default '{}',
  ip            text,
  created_at    timestamptz not null default now()
);
create index audit_log_created_idx on audit_log (created_at desc);
create index audit_log_entity_idx on audit_log (entity_type, entity_id);

-- Facts about this database, e.g. when demo data was seeded.
create table app_meta (
  key        text primary key,
  value      jsonb not null,
  updated_at timestamptz not null default now()
);
