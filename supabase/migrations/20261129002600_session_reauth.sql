-- Issue 26, Must 2: sessions by role and re-authentication.

-- When the session's user last proved who they are: signing in, or the password (or a second
-- factor) asked again. Sensitive changes need it within the last 5 minutes
-- (src/domain/session-rules.ts). Sessions that exist already count from their sign-in.
alter table sessions add column authenticated_at timestamptz not null default now();
update sessions set authenticated_at = created_at;

-- The links that undo an e-mail change, mailed to the old address when a change takes effect
-- and good for 7 days: one puts the old address back, ends every session and voids the other
-- links. Only the token's SHA-256 is stored. Kept apart from auth_tokens: they must outlive the
-- voiding of pending links that a later change or a password change does.
create table email_change_undos (
  token_hash text primary key,
  user_id    uuid not null references users (id) on delete cascade,
  old_email  text not null,
  new_email  text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at    timestamptz,
  constraint email_change_undos_hash_is_sha256 check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint email_change_undos_expiry_order check (expires_at > created_at),
  constraint email_change_undos_addresses_differ check (old_email <> new_email)
);
create index email_change_undos_user_idx on email_change_undos (user_id);
create index email_change_undos_expires_at_idx on email_change_undos (expires_at);
