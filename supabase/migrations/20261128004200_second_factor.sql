-- ===========================================================================
-- A second factor (issue 26): an authenticator app's TOTP secret, ten one-time recovery codes,
-- the half-done sign-in between the password and the second step, and the mark on a session
-- that it was made with a second factor (src/server/auth/second-factor/).
-- ===========================================================================

-- One authenticator app per account. Secrets are stored encrypted (AES-256-GCM under the
-- server's SECOND_FACTOR_KEY). A new secret waits in pending_secret_enc until a first code
-- confirms it (the one in use, if any, keeps working meanwhile); secret_enc is the confirmed
-- one. last_step is the 30-second step of the last code accepted, so a code cannot be used
-- twice in its window.
create table user_totp (
  user_id            uuid primary key references users (id) on delete cascade,
  secret_enc         text,
  confirmed_at       timestamptz,
  last_step          bigint,
  pending_secret_enc text,
  pending_since      timestamptz,
  constraint user_totp_secret_size check (length(secret_enc) <= 200 and length(pending_secret_enc) <= 200),
  constraint user_totp_confirmed check ((secret_enc is null) = (confirmed_at is null))
);

-- Ten recovery codes per account, each shown once and kept only as its SHA-256; used_at marks
-- the one use each has.
create table recovery_codes (
  user_id    uuid not null references users (id) on delete cascade,
  code_hash  text not null,
  used_at    timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_id, code_hash),
  constraint recovery_codes_hash_is_sha256 check (code_hash ~ '^[0-9a-f]{64}$')
);

-- A sign-in whose password was right, waiting for its second step: the browser holds the token
-- (a cookie), the row its SHA-256. Short-lived, single-use, a few attempts.
create table pending_sign_ins (
  id         text primary key,
  user_id    uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts   integer not null default 0,
  constraint pending_sign_ins_id_is_sha256 check (id ~ '^[0-9a-f]{64}$'),
  constraint pending_sign_ins_attempts check (attempts >= 0)
);
create index pending_sign_ins_user_id_idx on pending_sign_ins (user_id);

-- When the session's sign-in (or a later check) proved a second factor; null: password only.
alter table sessions add column second_factor_at timestamptz;
