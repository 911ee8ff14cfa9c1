-- The sandbox gateway's stand-in of a Stripe Checkout Session in setup mode: the contractor saves
-- a card on a local page instead of Stripe's hosted one. The session is bound to one business and
-- its customer; it completes once (a second post of the form writes nothing), and expires like
-- Stripe's (24 hours).
create table sandbox_setup_sessions (
  id                text primary key,
  business_id       uuid not null references businesses (id) on delete cascade,
  customer_id       text not null,
  return_url        text not null,
  cancel_url        text not null,
  status            text not null default 'open',
  payment_method_id text references sandbox_payment_methods (id),
  created_at        timestamptz not null default now(),
  expires_at        timestamptz not null default now() + interval '24 hours',
  completed_at      timestamptz,
  constraint sandbox_setup_sessions_id check (id like 'cs_sbx_%'),
  constraint sandbox_setup_sessions_customer check (customer_id like 'cus_%'),
  constraint sandbox_setup_sessions_status check (status in ('open', 'complete')),
  constraint sandbox_setup_sessions_completed check ((status = 'complete') = (completed_at is not null))
);
create index sandbox_setup_sessions_business_idx on sandbox_setup_sessions (business_id);
alter table sandbox_setup_sessions enable row level security;
