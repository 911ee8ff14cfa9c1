-- ===========================================================================
-- Plans (issue 14): the monthly plans' link to the gateway, the featured flag a
-- featured plan gives, and the sandbox gateway's stand-ins of Stripe Billing
-- (Checkout in subscription mode, subscriptions, Customer Portal sessions).
-- ===========================================================================

-- One row per gateway subscription: webhooks and the return from Checkout
-- upsert by this id, so a duplicate or a reordered event never adds a row.
create unique index subscriptions_gateway_id_idx on subscriptions (stripe_subscription_id)
  where stripe_subscription_id is not null;
-- Stripe's cancel_at_period_end: the plan stays live until current_period_end.
alter table subscriptions add column cancel_at_period_end boolean not null default false;

-- Whether businesses.featured was set by a live featured plan (and so is taken
-- back when the plan ends). A business featured by an admin or the catalog
-- keeps its flag whatever its plan does.
alter table businesses add column featured_by_plan boolean not null default false;
alter table businesses add constraint businesses_featured_by_plan check (not featured_by_plan or featured);

-- ---------------------------------------------------------------------------
-- Sandbox stand-ins (embedded default and tests).
-- ---------------------------------------------------------------------------

-- A subscription in the sandbox (Stripe: Subscription with one item).
create table sandbox_subscriptions (
  id                   text primary key,
  customer_id          text not null,
  business_id          uuid not null references businesses (id) on delete cascade,
  plan                 text not null,
  status               text not null default 'active',
  payment_method_id    text not null references sandbox_payment_methods (id),
  current_period_start timestamptz not null,
  current_period_end   timestamptz not null,
  cancel_at_period_end boolean not null default false,
  created_at           timestamptz not null default now(),
  constraint sandbox_subscriptions_id check (id like 'sub_sbx_%'),
  constraint sandbox_subscriptions_plan check (plan in ('basic', 'enhanced', 'featured')),
  constraint sandbox_subscriptions_status check (status in ('active', 'past_due', 'canceled')),
  constraint sandbox_subscriptions_period check (current_period_end > current_period_start)
);
create index sandbox_subscriptions_customer_idx on sandbox_subscriptions (customer_id);
alter table sandbox_subscriptions enable row level security;

-- Checkout in subscription mode: bound to one business, its customer and a
-- plan; completes once into one subscription; expires like Stripe's (24 hours).
create table sandbox_subscription_sessions (
  id              text primary key,
  business_id     uuid not null references businesses (id) on delete cascade,
  customer_id     text not null,
  plan            text not null,
  return_url      text not null,
  cancel_url      text not null,
  status          text not null default 'open',
  subscription_id text references sandbox_subscriptions (id),
  created_at      timestamptz not null default now(),
  expires_at      timestamptz not null default now() + interval '24 hours',
  constraint sandbox_subscription_sessions_id check (id like 'cs_sbx_%'),
  constraint sandbox_subscription_sessions_plan check (plan in ('basic', 'enhanced', 'featured')),
  constraint sandbox_subscription_sessions_status check (status in ('open', 'complete')),
  constraint sandbox_subscription_sessions_done check ((status = 'complete') = (subscription_id is not null))
);
create index sandbox_subscription_sessions_business_idx on sandbox_subscription_sessions (business_id);
alter table sandbox_subscription_sessions enable row level security;

-- A Customer Portal session (Stripe: billing_portal.session), short-lived like Stripe's.
create table sandbox_portal_sessions (
  id          text primary key,
  customer_id text not null,
  return_url  text not null,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null default now() + interval '1 hour',
  constraint sandbox_portal_sessions_id check (id like 'bps_sbx_%')
);
alter table sandbox_portal_sessions enable row level security;
