-- Row level security on the tables issue 26 added, as on every other table (migration 1100): the
-- server connects as the owner and is not bound by it; any other role (Supabase's anon and
-- authenticated keys, PostgREST) sees no row of a second factor, a recovery code, a pending
-- sign-in, a passkey, a WebAuthn challenge or an e-mail undo link.
alter table user_totp enable row level security;
alter table recovery_codes enable row level security;
alter table pending_sign_ins enable row level security;
alter table user_passkeys enable row level security;
alter table webauthn_challenges enable row level security;
alter table email_change_undos enable row level security;
