-- ===========================================================================
-- Listing claims (issue 13): a contractor who finds their business among our
-- unclaimed listings at /contractor-signup asks to own it. Nothing changes
-- hands until an admin approves the claim (src/server/registration/
-- approve-claim.ts), so nobody can take over another's listing by signing up.
-- ===========================================================================

-- A request by a registered contractor to own an existing listing. details
-- holds what the claimant submitted with it (owner name, phone, services,
-- ZIPs...) for the admin who reviews it. At most one pending and one
-- approved claim per listing.
create table business_claims (
  id           uuid primary key default gen_random_uuid(),
  business_id  uuid not null references businesses (id) on delete cascade,
  claimant_id  uuid not null references users (id) on delete cascade,
  status       text not null default 'pending',
  details      jsonb not null default '{}',
  created_at   timestamptz not null default now(),
  decided_at   timestamptz,
  decided_by   uuid references users (id) on delete set null,
  constraint business_claims_status check (status in ('pending', 'approved', 'rejected')),
  constraint business_claims_decided check ((status = 'pending') = (decided_at is null)),
  constraint business_claims_details_is_object check (jsonb_typeof(details) = 'object')
);
create unique index business_claims_one_pending on business_claims (business_id) where status = 'pending';
create unique index business_claims_one_approved on business_claims (business_id) where status = 'approved';
create index business_claims_claimant_idx on business_claims (claimant_id);
alter table business_claims enable row level security;
