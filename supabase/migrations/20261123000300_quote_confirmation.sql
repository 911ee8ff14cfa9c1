-- ===========================================================================
-- Fake quote requests must never cost a contractor money. A request is sold
-- only once the homeowner's contact is confirmed: at once for a signed-in
-- homeowner whose verified e-mail it carries, otherwise by the link mailed to
-- the address it gives. Until then it is 'unconfirmed'; after 48 hours without
-- a confirmation it is 'expired' and its photos are deleted. Photos belong to
-- the request that uploaded them, and each proof-of-work solution of the quote
-- form is accepted once.
-- ===========================================================================

-- The confirmation link's token (only its SHA-256 is kept) and when it was
-- followed; the "quote within 2 hours" promise counts from that moment.
alter table leads
  add column confirm_token_hash text unique,
  add column confirmed_at timestamptz;

alter table leads drop constraint leads_qualification;
alter table leads add constraint leads_qualification check (qualification in (
  'unconfirmed', 'pending', 'qualified', 'duplicate', 'out_of_area', 'unmatched', 'expired'));

-- Requests made before this rule were sold when they were made.
update leads set confirmed_at = created_at where confirmed_at is null;

-- The expiry sweep reads only the requests still waiting.
create index leads_unconfirmed_idx on leads (created_at) where qualification = 'unconfirmed';

-- A photo uploaded for a quote request: the store's key, and the SHA-256 of
-- the wizard's request key, which the browser keeps and the photo's URL does
-- not show. Only that request may delete the photo or cite it in the request
-- it sends; photos no sent request cites are deleted by the expiry sweep.
create table quote_uploads (
  key              text primary key,
  request_key_hash text not null,
  created_at       timestamptz not null default now(),
  constraint quote_uploads_key check (key ~ '^quotes/[0-9a-f]{32}/[0-9a-f-]{36}\.(jpg|png|webp)$')
);
create index quote_uploads_request_idx on quote_uploads (request_key_hash);
create index quote_uploads_created_idx on quote_uploads (created_at);
alter table quote_uploads enable row level security;

-- Proof-of-work solutions already used, by the challenge's signature, kept
-- until the challenge would have expired anyway.
create table used_challenges (
  signature  text primary key,
  expires_at timestamptz not null
);
create index used_challenges_expires_idx on used_challenges (expires_at);
alter table used_challenges enable row level security;
