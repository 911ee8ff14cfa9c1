-- ===========================================================================
-- Trusted devices (OWASP's device cookie, docs/decisions.md): a browser that
-- signed in to an account with its password holds a random token in a
-- long-lived cookie; only the token's SHA-256 is stored, with the account it
-- was earned for. Sign-in lets such a browser try its password even while the
-- account's e-mail is locked by someone else's failures; the device has its own
-- failure limit (rate_limits, action 'auth:signin:device'). Expired rows are
-- purged by the hourly housekeeping job.
-- ===========================================================================

-- One row per browser and account it signed in to.
create table trusted_devices (
  token_hash text primary key,
  user_id    uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint trusted_devices_token_hash_is_sha256 check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint trusted_devices_expiry_after_creation check (expires_at > created_at)
);
create index trusted_devices_user_id_idx on trusted_devices (user_id);
create index trusted_devices_expires_at_idx on trusted_devices (expires_at);
-- Every table keeps row level security (20261122001100_no_data_api_access.sql).
alter table trusted_devices enable row level security;
