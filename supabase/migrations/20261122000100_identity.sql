-- ===========================================================================
-- Identity: users, profiles, roles, sessions, one-time tokens, rate limits.
-- Our own auth (ARCHITECTURE.md): argon2id hashes, hashed session tokens and
-- hashed single-use tokens, all enforced by the server.
-- ===========================================================================

create extension if not exists pg_trgm;

-- Shared trigger: keeps updated_at current on every UPDATE.
create or replace function set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- A person who can sign in. E-mail is stored trimmed and lowercased.
create table users (
  id                 uuid primary key default gen_random_uuid(),
  email              text not null,
  password_hash      text not null,
  email_confirmed_at timestamptz,
  full_name          text,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  constraint users_email_format check (email = lower(btrim(email)) and length(email) between 3 and 254 and position('@' in email) > 1),
  constraint users_full_name_length check (full_name is null or length(full_name) <= 255)
);
create unique index users_email_key on users (email);
create trigger users_updated_at before update on users for each row execute function set_updated_at();

-- Public profile of a user (spec: profiles), plus the notification preferences,
-- which we save on the server (the spec kept them in the browser only).
create table profiles (
  id                  uuid primary key references users (id) on delete cascade,
  email               text not null,
  full_name           text,
  avatar_url          text,
  email_notifications boolean not null default true,
  lead_notifications  boolean not null default true,
  marketing_emails    boolean not null default false,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now(),
  constraint profiles_full_name_length check (full_name is null or length(full_name) <= 255)
);
create trigger profiles_updated_at before update on profiles for each row execute function set_updated_at();

-- Roles beyond a regular user. A user with no row here is a regular user.
create table user_roles (
  user_id    uuid not null references users (id) on delete cascade,
  role       text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, role),
  constraint user_roles_role check (role in ('contractor', 'admin'))
);

-- A signed-in browser. id is the SHA-256 (hex) of the random 256-bit token in the
-- cookie; the token itself is never stored. Idle expiry slides, absolute does not.
create table sessions (
  id                  text primary key,
  user_id             uuid not null references users (id) on delete cascade,
  created_at          timestamptz not null default now(),
  last_seen_at        timestamptz not null default now(),
  expires_at          timestamptz not null,
  absolute_expires_at timestamptz not null,
  user_agent          text,
  ip                  text,
  constraint sessions_id_is_sha256 check (id ~ '^[0-9a-f]{64}$'),
  constraint sessions_expiry_order check (expires_at <= absolute_expires_at)
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

-- Single-use tokens mailed to the user: e-mail verification, password reset and
-- e-mail change. Stored hashed; used_at marks the one use.
create table auth_tokens (
  id         uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id    uuid not null references users (id) on delete cascade,
  purpose    text not null,
  new_email  text,
  expires_at timestamptz not null,
  used_at    timestamptz,
  created_at timestamptz not null default now(),
  constraint auth_tokens_purpose check (purpose in ('email_verification', 'password_reset', 'email_change')),
  constraint auth_tokens_new_email check ((purpose = 'email_change') = (new_email is not null))
);
create index auth_tokens_user_purpose_idx on auth_tokens (user_id, purpose);
create index auth_tokens_expires_at_idx on auth_tokens (expires_at);

-- Fixed-window counters for rate limits (spec: check_rate_limit). One row per
-- identifier and action; updated by a single upsert so concurrent requests
-- cannot both pass the limit.
create table rate_limits (
  identifier   text not null,
  action       text not null,
  window_start timestamptz not null default now(),
  attempts     integer not null default 0,
  primary key (identifier, action),
  constraint rate_limits_attempts check (attempts >= 0)
);
create index rate_limits_window_start_idx on rate_limits (window_start);
