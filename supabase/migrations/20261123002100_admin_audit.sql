-- The admin area (issue 15): the audit log keeps the values before and after each admin write,
-- accounts can be disabled, and the admin lists and counts read by index.

-- Who changed what from which values to which (written by src/server/admin/audit.ts in the
-- transaction of the change). details stays for the older rows and free-form context.
alter table audit_log add column before_values jsonb;
alter table audit_log add column after_values jsonb;
-- The activity log pages newest first by (created_at, id), filtered by who or what.
create index audit_log_keyset_idx on audit_log (created_at desc, id desc);
create index audit_log_actor_keyset_idx on audit_log (actor_user_id, created_at desc, id desc);
create index audit_log_action_keyset_idx on audit_log (action, created_at desc, id desc);
drop index if exists audit_log_created_idx;

-- A disabled account cannot sign in and has no sessions (disabling deletes them).
alter table users add column disabled_at timestamptz;

-- The users page finds an account by any part of its e-mail or name (pg_trgm is created in
-- 20261122000100_identity.sql); it pages by e-mail through users_email_key.
create index admin_users_email_trgm_idx on users using gin (email gin_trgm_ops);
create index admin_users_full_name_trgm_idx on users using gin (lower(full_name) gin_trgm_ops);

-- The admin index's counts: today's transactions and recent failures.
create index admin_payment_transactions_created_idx on payment_transactions (created_at desc);
create index admin_payment_transactions_failed_idx on payment_transactions (created_at desc) where payment_status = 'failed';
create index admin_businesses_pending_idx on businesses (created_at) where status = 'PENDING';
create index admin_business_claims_pending_idx on business_claims (created_at) where status = 'pending';

-- Every table keeps row level security (20261122001100_no_data_api_access.sql); audit_log and
-- users already have it. Repeated here so this file says so on its own.
alter table audit_log enable row level security;
alter table users enable row level security;
