-- ===========================================================================
-- Lead integrity (issue 23): trust that cannot be forged.
--   * A request is sold only after the homeowner proves the phone number by a
--     code (SMS, or a voice call for a landline) typed on the wizard's last
--     step; the e-mail link only confirms the address (and is the extra check
--     a VoIP number needs before sale).
--   * Limits and duplicates follow the person: the proven phone, the street
--     address, the mailbox (plus-tags and Gmail dots folded) and its domain.
--   * Two buyers reporting a lead fake or unreachable refund every buyer; the
--     lead's phone, e-mail and device are blocked.
--   * Reviews only from jobs the homeowner accepted or confirmed; withdrawn
--     when the lead is refunded; held for moderation when the reviewer shares
--     a phone, a mail domain, a network or a device with the contractor.
--   * A listing claim proves itself by a code, and inherits no history.
-- docs/decisions.md ("Lead integrity") gives every number and why.
-- ===========================================================================

-- ---------------------------------------------------------------------------
-- Leads: what was checked, and the signals that tie requests to one person.
-- ---------------------------------------------------------------------------
alter table leads
  -- The code was right (or the phone was proven for this e-mail within 90
  -- days, or it is the signed-in account's proven phone).
  add column phone_verified_at  timestamptz,
  -- From Twilio Lookup in production, a fixed rule in the sandbox.
  add column phone_line_type    text,
  -- The homeowner followed the e-mail link (or was signed in with it verified).
  add column email_confirmed_at timestamptz,
  -- The mailbox (lower case, +tag dropped, Gmail's dots dropped) and its domain.
  add column email_key          text,
  add column email_domain       text,
  -- The street address and ZIP code as one normalised key.
  add column address_key        text,
  -- The client's network (IPv4 /24, IPv6 /48) and browser (a visitor cookie's
  -- SHA-256), for the fraud queue's signals.
  add column client_prefix      text,
  add column device_hash        text,
  -- The description's bottom-k sketch (64 smallest word-triple hashes).
  add column text_sketch        integer[],
  -- An earlier request whose description is nearly the same (a flag, not a hold).
  add column near_duplicate_of  uuid references leads (id) on delete set null,
  -- Why a request waits for an admin ('held') or was refused for fraud ('blocked').
  add column hold_reason        text,
  -- When the homeowner first opened the private responses page.
  add column responses_viewed_at timestamptz,
  add constraint leads_line_type check (
    phone_line_type is null or phone_line_type in ('mobile', 'landline', 'voip', 'other', 'unknown')),
  add constraint leads_hold_reason_length check (hold_reason is null or length(hold_reason) <= 500);

-- New states: 'awaiting_email' (phone proven, a VoIP line waiting for the
-- e-mail link), 'held' (waiting for an admin: the fraud queue), 'blocked'
-- (refused as fraud, never sold). 'unconfirmed' now means: phone not proven.
alter table leads drop constraint leads_qualification;
alter table leads add constraint leads_qualification check (qualification in (
  'unconfirmed', 'awaiting_email', 'held', 'blocked', 'pending', 'qualified', 'duplicate',
  'out_of_area', 'unmatched', 'expired'));

-- Requests sold before this rule proved their contact by the e-mail link.
update leads set email_confirmed_at = confirmed_at,
                 email_key = email,
                 email_domain = split_part(email, '@', 2)
 where email_key is null;

create index leads_phone_created_idx on leads (phone, created_at desc);
create index leads_address_created_idx on leads (address_key, created_at desc) where address_key is not null;
create index leads_email_key_created_idx on leads (email_key, created_at desc) where email_key is not null;
create index leads_domain_created_idx on leads (email_domain, created_at desc) where email_domain is not null;
create index leads_sketch_idx on leads using gin (text_sketch);
-- The fraud queue: held requests, oldest first.
create index leads_held_idx on leads (created_at) where qualification = 'held';
drop index leads_unconfirmed_idx;
create index leads_unconfirmed_idx on leads (created_at) where qualification in ('unconfirmed', 'awaiting_email');

-- ---------------------------------------------------------------------------
-- Codes sent to prove a phone (a quote request) or a listing's contact (a
-- claim). The provider (Twilio Verify, or the sandbox) makes and checks the
-- code; this row counts the tries and keeps the expiry our rules give. A code
-- by e-mail (a claim at the website's domain) is ours: only its SHA-256 here.
-- ---------------------------------------------------------------------------
create table verification_codes (
  id           uuid primary key default gen_random_uuid(),
  purpose      text not null,
  lead_id      uuid references leads (id) on delete cascade,
  claim_id     uuid references business_claims (id) on delete cascade,
  channel      text not null,
  -- Ten digits for a phone; an e-mail address for a claim by e-mail.
  target       text not null,
  -- The provider's verification id (Twilio's VE..., the sandbox's).
  provider_ref text,
  -- Only for codes we make ourselves (claims by e-mail).
  code_hash    text,
  attempts     integer not null default 0,
  -- A check with the provider is under way until then: a second check of the same code (two
  -- taps) waits for it instead of asking the provider about a verification the first just used.
  checking_until timestamptz,
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null,
  verified_at  timestamptz,
  constraint verification_codes_purpose check (
    (purpose = 'quote' and lead_id is not null and claim_id is null)
    or (purpose = 'claim' and claim_id is not null and lead_id is null)),
  constraint verification_codes_channel check (channel in ('sms', 'call', 'email')),
  constraint verification_codes_attempts check (attempts between 0 and 5),
  constraint verification_codes_target_length check (length(target) between 10 and 254),
  constraint verification_codes_expiry check (expires_at > created_at)
);
create index verification_codes_lead_idx on verification_codes (lead_id, created_at desc) where lead_id is not null;
create index verification_codes_claim_idx on verification_codes (claim_id, created_at desc) where claim_id is not null;
create index verification_codes_created_idx on verification_codes (created_at);
alter table verification_codes enable row level security;

-- A phone proven for an e-mail address: a new request with both needs no code
-- for 90 days. The signed-in account keeps its own proven phone on users.
create table proven_phones (
  phone      text not null,
  email      text not null,
  proven_at  timestamptz not null default now(),
  primary key (phone, email),
  constraint proven_phones_phone check (phone ~ '^[0-9]{10}$')
);
alter table proven_phones enable row level security;

alter table users
  add column proven_phone    text,
  add column phone_proven_at timestamptz,
  add constraint users_proven_phone check (proven_phone is null or proven_phone ~ '^[0-9]{10}$');

-- ---------------------------------------------------------------------------
-- Blocked contact details: a request from any of them is refused. Written by
-- two buyers' reports (blocked_by null) or by an admin from the fraud queue;
-- released by an admin (the row stays, with who and when).
-- ---------------------------------------------------------------------------
create table blocked_identities (
  id          uuid primary key default gen_random_uuid(),
  kind        text not null,
  value       text not null,
  reason      text not null,
  lead_id     uuid references leads (id) on delete set null,
  blocked_by  uuid references users (id) on delete set null,
  created_at  timestamptz not null default now(),
  released_at timestamptz,
  released_by uuid references users (id) on delete set null,
  constraint blocked_identities_kind check (kind in ('phone', 'email', 'device', 'domain')),
  constraint blocked_identities_value_length check (length(value) between 1 and 254),
  constraint blocked_identities_reason_length check (length(reason) between 1 and 500)
);
create unique index blocked_identities_active_idx on blocked_identities (kind, value) where released_at is null;
create index blocked_identities_lead_idx on blocked_identities (lead_id);
alter table blocked_identities enable row level security;

-- ---------------------------------------------------------------------------
-- Where an account was seen (sign-in, registration, a contractor's work on a
-- lead): its network prefixes and browsers, so a review whose homeowner shares
-- one with the contractor's account waits for moderation.
-- ---------------------------------------------------------------------------
create table account_signals (
  user_id       uuid not null references users (id) on delete cascade,
  kind          text not null,
  value         text not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at  timestamptz not null default now(),
  primary key (user_id, kind, value),
  constraint account_signals_kind check (kind in ('client_prefix', 'device')),
  constraint account_signals_value_length check (length(value) between 1 and 200)
);
create index account_signals_value_idx on account_signals (kind, value);
alter table account_signals enable row level security;

-- ---------------------------------------------------------------------------
-- Credits: a buyer's report that a lead is fake ('fake', beside 'bad_number'),
-- the refund of every buyer once two reported ('reported'), an answered lead
-- the homeowner never opened ('unanswered'), and a lead an admin found to be
-- fraud ('fraud').
-- ---------------------------------------------------------------------------
alter table lead_credits drop constraint lead_credits_reason;
alter table lead_credits add constraint lead_credits_reason check (reason in (
  'duplicate', 'outside_area', 'bad_number', 'fake', 'other', 'reported', 'unanswered', 'fraud'));

-- ---------------------------------------------------------------------------
-- Reviews: why a review is not public. 'admin' (hidden by an admin), 'moderation'
-- (the reviewer shares contact or network with the contractor: waits for an
-- admin), 'withdrawn' (its lead was refunded or credited). The signals found
-- are kept for the moderator; where the review was written from.
-- ---------------------------------------------------------------------------
alter table reviews
  add column hidden_kind   text,
  add column signals       jsonb not null default '[]',
  add column client_prefix text,
  add column device_hash   text,
  add constraint reviews_hidden_kind check (
    (hidden_at is null and hidden_kind is null)
    or (hidden_at is not null and hidden_kind in ('admin', 'moderation', 'withdrawn'))),
  add constraint reviews_signals_is_array check (jsonb_typeof(signals) = 'array');
update reviews set hidden_kind = 'admin' where hidden_at is not null and hidden_kind is null;

-- The review invitation of a job: sent once, when the homeowner had accepted
-- that contractor's quote and the job was marked done, or when the homeowner
-- said so from their own private link.
alter table lead_communications add column job_done_at timestamptz;

-- ---------------------------------------------------------------------------
-- Listing claims: how the claimant proved the listing is theirs, and since
-- when a business's current owner has it (leads, charges and receipts from
-- before are not theirs to see).
-- ---------------------------------------------------------------------------
alter table business_claims
  add column verified_at      timestamptz,
  add column verified_channel text,
  add column verified_target  text,
  add constraint business_claims_verified_channel check (
    (verified_at is null and verified_channel is null)
    or (verified_at is not null and verified_channel in ('sms', 'call', 'email')));

alter table businesses add column owner_since timestamptz;

-- ---------------------------------------------------------------------------
-- The sandbox SMS provider (the embedded default): the texts and calls it
-- "sent", readable at /dev/sms, and its verifications.
-- ---------------------------------------------------------------------------
create table sandbox_sms (
  id         uuid primary key default gen_random_uuid(),
  to_phone   text not null,
  channel    text not null,
  body       text not null,
  created_at timestamptz not null default now(),
  constraint sandbox_sms_channel check (channel in ('sms', 'call')),
  constraint sandbox_sms_body_length check (length(body) <= 1600)
);
create index sandbox_sms_created_idx on sandbox_sms (created_at desc);
alter table sandbox_sms enable row level security;

create table sandbox_verifications (
  id         text primary key,
  to_phone   text not null,
  channel    text not null,
  code       text not null,
  status     text not null default 'pending',
  attempts   integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint sandbox_verifications_id check (id like 'VE%'),
  constraint sandbox_verifications_status check (status in ('pending', 'approved', 'canceled', 'max_attempts_reached'))
);
create index sandbox_verifications_phone_idx on sandbox_verifications (to_phone, created_at desc);
alter table sandbox_verifications enable row level security;
