-- The admin contractors page (issue 15): a registration an admin rejects, and a listed business an
-- admin suspends, each get a status of their own (neither is listed, matched nor shown: every
-- public query and the lead matcher take status = 'ACTIVE' only), and a licence check is recorded
-- as the number, issuing board, day checked and where it was checked.

alter table businesses drop constraint businesses_status;
alter table businesses add constraint businesses_status
  check (status in ('ACTIVE', 'PENDING', 'REJECTED', 'SUSPENDED'));

-- The listed businesses the admin pages through (ACTIVE and SUSPENDED), by name.
create index admin_businesses_listed_idx on businesses (lower(name), id) where status in ('ACTIVE', 'SUSPENDED');
-- The pending queue pages newest first by (created_at, id).
drop index if exists admin_businesses_pending_idx;
create index admin_businesses_pending_idx on businesses (created_at desc, id desc) where status = 'PENDING';
drop index if exists admin_business_claims_pending_idx;
create index admin_business_claims_pending_idx on business_claims (created_at desc, id desc) where status = 'pending';

-- Why an admin rejected a claim (mailed to the claimant; also in the audit log).
alter table business_claims add column decision_reason text;
alter table business_claims add constraint business_claims_reason_length
  check (decision_reason is null or char_length(decision_reason) <= 1000);

-- The latest licence check of a business by an admin (the audit log keeps the earlier ones).
-- Shown on the public profile after the next publish.
create table business_licence_checks (
  business_id    uuid primary key references businesses (id) on delete cascade,
  license_number text not null,
  issuing_board  text not null,
  checked_on     date not null,
  source         text not null,
  checked_by     uuid references users (id) on delete set null,
  updated_at     timestamptz not null default now(),
  constraint business_licence_checks_lengths check (
    char_length(license_number) between 1 and 60 and char_length(issuing_board) between 1 and 120
    and char_length(source) between 1 and 300)
);
alter table business_licence_checks enable row level security;
