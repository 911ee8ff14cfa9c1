-- ===========================================================================
-- Listing claims prove themselves and inherit nothing (issue 23, Must 5).
--   * A claim is confirmed by a code sent to the listing's public phone (a
--     text, or a voice call) or mailed to an address at the listing website's
--     domain: verification_codes (purpose 'claim') and business_claims.
--     verified_* come from 20261126000100_lead_integrity.sql; this adds the
--     short-lived proof token that lets the claimant do it right after
--     registering, before they can sign in.
-- docs/decisions.md ("Listing claims prove themselves (issue 23)") says why.
-- ===========================================================================

-- ---------------------------------------------------------------------------
-- The proof token: a random token in an HttpOnly cookie the registration sets
-- (only its SHA-256 here), good for an hour, naming this claim for the proof
-- endpoints while its claimant is not signed in yet.
-- ---------------------------------------------------------------------------
alter table business_claims
  add column proof_token_hash       text,
  add column proof_token_expires_at timestamptz,
  add constraint business_claims_proof_token check (
    (proof_token_hash is null) = (proof_token_expires_at is null)),
  add constraint business_claims_proof_token_hash check (
    proof_token_hash is null or proof_token_hash ~ '^[0-9a-f]{64}$');
create unique index business_claims_proof_token_idx on business_claims (proof_token_hash)
  where proof_token_hash is not null;

-- A code mailed to a short address at a short domain ("me@x.io") is shorter
-- than the ten digits of a phone the lead integrity migration sized this for.
alter table verification_codes drop constraint verification_codes_target_length;
alter table verification_codes add constraint verification_codes_target_length check (
  length(target) between 3 and 254);
