-- ===========================================================================
-- Messages on a request (issue 25, Must 6): the homeowner and each contractor
-- the request was sold to write to each other on the request, in one thread
-- per contractor. Neither side sees the other's e-mail address: each message
-- is mailed to the other side by the site. docs/decisions.md, "The homeowner's
-- inbox and messages (issue 25)".
-- ===========================================================================

-- One message in the thread of a lead and one contractor it was sold to. The
-- thread exists only where the distribution does (the foreign key); who may
-- read or write it (a paid distribution, the owner since owner_since, the
-- homeowner by session or private link) is checked by src/server/inbox/.
create table lead_messages (
  id           uuid primary key default gen_random_uuid(),
  lead_id      uuid not null,
  business_id  uuid not null,
  author       text not null,
  body         text not null,
  -- At most one photo a message, an /uploads/messages/... URL (the upload store).
  photos       text[] not null default '{}',
  created_at   timestamptz not null default now(),
  -- When the other side first saw it (the inbox or the lead view).
  read_at      timestamptz,
  constraint lead_messages_thread_fkey foreign key (lead_id, business_id)
    references lead_distributions (lead_id, business_id) on delete cascade,
  constraint lead_messages_author check (author in ('homeowner', 'contractor')),
  constraint lead_messages_body_length check (length(body) between 1 and 1000),
  constraint lead_messages_photos_max check (coalesce(array_length(photos, 1), 0) <= 1),
  constraint lead_messages_photo_urls check (
    array_to_string(photos, ',') ~ '^(/uploads/messages/[a-z0-9-]+\.(jpg|png|webp)(,|$))*$')
);
create index lead_messages_thread_idx on lead_messages (lead_id, business_id, created_at, id);
-- Only the server (the table's owner) reads or writes messages: no policy for any other role.
alter table lead_messages enable row level security;

-- A homeowner's requests, newest first (the inbox at /profile/requests).
create index leads_user_created_idx on leads (user_id, created_at desc) where user_id is not null;
-- Requests sent while signed out, joined to the account whose verified address they carry.
create index leads_email_unjoined_idx on leads (email) where user_id is null;
