-- ===========================================================================
-- Issue 26: a verification link signs in only the browser that signed up.
-- The sign-up sets a random value in an HttpOnly cookie; its SHA-256 (hex) is
-- kept with the verification token. Confirming from a browser without that
-- cookie confirms the address but signs nobody in ("please sign in").
-- ===========================================================================

-- The signing-up browser's cookie value, hashed; only verification tokens have one.
alter table auth_tokens add column browser_hash text;
alter table auth_tokens add constraint auth_tokens_browser_hash check (
  browser_hash is null or (purpose = 'email_verification' and browser_hash ~ '^[0-9a-f]{64}$'));
