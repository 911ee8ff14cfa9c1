-- ===========================================================================
-- The contractor side: each contractor's own pipeline stage for a lead it was
-- sent, quotes with their totals in cents and the homeowner's acceptance,
-- private links for homeowners (their responses page, a review of a job), and
-- reviews tied to the lead of a real job. docs/decisions.md explains the stages.
-- ===========================================================================

-- A lead goes to up to three contractors, and each works it separately: the
-- stage is per distribution, not per lead. NEW -> CONTACTED (the first
-- response, or by hand) -> IN_PROGRESS -> COMPLETED; REJECTED from any stage
-- but COMPLETED. COMPLETED and REJECTED are final. src/domain/lead-stages.ts
-- holds the same table; the server enforces it.
alter table lead_distributions
  add column stage text not null default 'NEW',
  add column stage_changed_at timestamptz,
  add column completed_at timestamptz,
  add constraint lead_distributions_stage check (stage in ('NEW', 'CONTACTED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED')),
  add constraint lead_distributions_completed_has_time check (stage <> 'COMPLETED' or completed_at is not null);

-- The dashboard's lead list: one business's distributions, newest first, paged
-- by keyset (created_at, id), optionally by stage.
drop index lead_distributions_business_idx;
create index lead_distributions_business_idx on lead_distributions (business_id, created_at desc, id desc);
create index lead_distributions_business_stage_idx on lead_distributions (business_id, stage, created_at desc, id desc);

-- A quote's total and validity as columns (the line items stay in quote, in
-- cents: {items: [{description, quantity, rateCents, amountCents}], totalCents,
-- validUntil, terms}); accepted_at when the homeowner accepts it, at most one
-- accepted quote per lead.
alter table lead_communications
  add column quote_total_cents integer,
  add column quote_valid_until date,
  add column accepted_at timestamptz,
  add constraint lead_communications_quote_total check (quote_total_cents is null or quote_total_cents between 0 and 100000000),
  add constraint lead_communications_quote_columns check ((quote is null) = (quote_total_cents is null)),
  add constraint lead_communications_accepted_is_quote check (accepted_at is null or quote is not null),
  add constraint lead_communications_subject_length check (length(subject) between 1 and 200),
  add constraint lead_communications_message_length check (length(message_content) between 1 and 5000);
create unique index lead_communications_one_accepted_idx on lead_communications (lead_id) where accepted_at is not null;

-- Private links mailed to a homeowner, by the SHA-256 of their token (the raw
-- token is only ever in the mail): 'responses' opens the page of every response
-- and quote on the lead; 'review' lets them review one contractor's job, once.
create table lead_access_tokens (
  token_hash  text primary key,
  lead_id     uuid not null references leads (id) on delete cascade,
  purpose     text not null,
  business_id uuid references businesses (id) on delete cascade,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  used_at     timestamptz,
  constraint lead_access_tokens_purpose check (purpose in ('responses', 'review')),
  constraint lead_access_tokens_review_business check (purpose <> 'review' or business_id is not null)
);
create index lead_access_tokens_lead_idx on lead_access_tokens (lead_id);
create index lead_access_tokens_expires_idx on lead_access_tokens (expires_at);

-- A review written through a job's review link names its lead: one review per
-- lead and contractor, always verified. Reviews without a lead came before.
alter table reviews add column lead_id uuid references leads (id) on delete set null;
create unique index reviews_one_per_job_idx on reviews (lead_id, business_id) where lead_id is not null;

-- A contractor's measured response time: the median of first responses (sent_at
-- to responded_at) to leads it was sent since `since`, and how many there were.
create or replace function business_response_minutes(b uuid, since timestamptz)
returns table (median_minutes double precision, responses integer)
language sql stable as $$
  select percentile_cont(0.5) within group (
           order by extract(epoch from (responded_at - coalesce(sent_at, created_at))) / 60),
         count(*)::int
    from lead_distributions
   where business_id = b and responded_at is not null and responded_at >= since
$$;

-- Every table keeps row level security (20261122001100_no_data_api_access.sql).
alter table lead_access_tokens enable row level security;
