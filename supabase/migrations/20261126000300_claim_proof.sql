-- ===========================================================================
-- Listing claims prove themselves and inherit nothing (issue 23, Must 5).
--   * A claim is confirmed by a code sent to the listing's public phone (a
--     text, or a voice call) or mailed to an address at the listing website's
--     domain: verification_codes (purpose 'claim') and business_claims.
--     verified_* come from 20261126000100_lead_integrity.sql; this adds the
--     short-lived proof token that lets the claimant do it right after
--     registering, before they can sign in.
--   * An approved claimant sees nothing of the listing's history from before
--     businesses.owner_since: the contractor-facing reads filter by it (the
--     TypeScript side: src/server/contractor/owner-since.ts), and so does the
--     spend caps' counter below.
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

-- ---------------------------------------------------------------------------
-- Spend caps count only the current owner's leads: a listing claimed today
-- starts its week and month with what its new owner bought, not with what was
-- sold to the listing before (the same function as 20261123001400_spend_caps.sql
-- but for the owner_since bound).
-- ---------------------------------------------------------------------------
create or replace function business_lead_usage(business uuid, as_of timestamptz default now())
returns table (week_leads integer, month_spend_cents integer)
language sql stable as $$
  with bounds as (
    select date_trunc('week', as_of at time zone 'America/New_York') at time zone 'America/New_York' as week_start,
           date_trunc('month', as_of at time zone 'America/New_York') at time zone 'America/New_York' as month_start,
           coalesce((select owner_since from businesses where id = business), '-infinity'::timestamptz) as owner_since
  )
  select
    (count(*) filter (where d.created_at >= b.week_start))::int,
    (coalesce(sum(d.payment_amount_cents) filter (where d.created_at >= b.month_start), 0))::int
  from bounds b
  left join lead_distributions d
    on d.business_id = business
   and d.payment_status in ('pending', 'paid')
   and d.created_at >= greatest(least(b.week_start, b.month_start), b.owner_since)
$$;
