-- ===========================================================================
-- Passkeys as a second factor (issue 26): the public keys of an account's passkeys, and the
-- WebAuthn challenges our server hands out, kept server-side until used or expired
-- (src/server/auth/second-factor/passkeys.ts).
-- ===========================================================================

-- One row per passkey. credential_id is the authenticator's id (base64url); only the public key
-- is stored. sign_count is the authenticator's counter, for spotting a cloned key.
create table user_passkeys (
  credential_id text primary key,
  user_id       uuid not null references users (id) on delete cascade,
  public_key    bytea not null,
  sign_count    bigint not null default 0,
  transports    text[] not null default '{}',
  name          text not null,
  created_at    timestamptz not null default now(),
  last_used_at  timestamptz,
  constraint user_passkeys_id_size check (length(credential_id) between 1 and 1400),
  constraint user_passkeys_name_size check (length(name) between 1 and 60),
  constraint user_passkeys_sign_count check (sign_count >= 0)
);
create index user_passkeys_user_id_idx on user_passkeys (user_id);

-- A challenge for one ceremony: registering a passkey (a signed-in user) or using one at the
-- sign-in's second step (the pending sign-in's user). Single use, a few minutes.
create table webauthn_challenges (
  challenge  text primary key,
  user_id    uuid not null references users (id) on delete cascade,
  purpose    text not null,
  expires_at timestamptz not null,
  constraint webauthn_challenges_purpose check (purpose in ('register', 'authenticate')),
  constraint webauthn_challenges_size check (length(challenge) <= 200)
);
create index webauthn_challenges_user_id_idx on webauthn_challenges (user_id);
