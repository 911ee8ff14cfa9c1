-- Stripe webhooks (issue 14). Each event Stripe sends is recorded once by its id, before any
-- handler runs: a delivery of an id already processed changes nothing. processed_at stays null
-- while the handlers have not all succeeded, so Stripe's retry runs them again; an event of a
-- type outside the allow-list is recorded as ignored (processed, nothing run).
create table stripe_events (
  id           text primary key,
  type         text not null,
  created      timestamptz not null,
  livemode     boolean not null default false,
  received_at  timestamptz not null default now(),
  processed_at timestamptz,
  ignored      boolean not null default false,
  attempts     integer not null default 1,
  constraint stripe_events_id check (id like 'evt_%' and length(id) <= 255),
  constraint stripe_events_type check (length(type) between 1 and 100),
  constraint stripe_events_ignored_processed check (not ignored or processed_at is not null)
);
-- The unprocessed ones, for an operator to look at (Stripe retries them for up to three days).
create index stripe_events_unprocessed_idx on stripe_events (received_at) where processed_at is null;
alter table stripe_events enable row level security;

-- A refund shows on the charge it gives back: how much (a partial refund leaves the row 'paid'
-- with the amount; the whole amount makes it 'refunded') and when it was first seen.
alter table payment_transactions
  add column refunded_amount_cents integer not null default 0,
  add column refunded_at timestamptz,
  add constraint payment_transactions_refunded_amount check (
    refunded_amount_cents >= 0 and refunded_amount_cents <= payment_amount_cents);

-- Chargebacks: a cardholder disputed one of our charges with their bank (charge.dispute.created).
-- Each waits in the admin queue ('open') until an admin settles it; Stripe's own status of the
-- dispute is kept beside ours. business and transaction are null when the charge is not one we
-- can tie to a business (it still needs an admin's eye).
create table chargebacks (
  id                uuid primary key default gen_random_uuid(),
  stripe_dispute_id text not null unique,
  stripe_charge_id  text not null,
  business_id       uuid references businesses (id) on delete set null,
  transaction_id    uuid references payment_transactions (id) on delete set null,
  amount_cents      integer not null,
  currency          text not null default 'usd',
  reason            text not null,
  stripe_status     text not null,
  evidence_due_by   timestamptz,
  status            text not null default 'open',
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  constraint chargebacks_dispute_id check (stripe_dispute_id like 'dp_%' or stripe_dispute_id like 'du_%'),
  constraint chargebacks_amount check (amount_cents >= 0),
  constraint chargebacks_reason check (length(reason) between 1 and 100),
  constraint chargebacks_stripe_status check (length(stripe_status) between 1 and 100),
  constraint chargebacks_status check (status in ('open', 'resolved'))
);
create index chargebacks_open_idx on chargebacks (created_at) where status = 'open';
create index chargebacks_business_idx on chargebacks (business_id);
create trigger chargebacks_updated_at before update on chargebacks for each row execute function set_updated_at();
alter table chargebacks enable row level security;
