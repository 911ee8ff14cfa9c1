-- ===========================================================================
-- Leads and money: quote requests, their distribution to contractors, the
-- conversation on each, payment methods, charges and subscriptions, plus the
-- state of the sandbox payment gateway used by the embedded default and tests.
-- Money is integer cents. Budgets are a homeowner's estimate in whole dollars
-- (never charged), as the quote form collects them.
-- ===========================================================================

-- A homeowner's quote request. business_id stays null ("pending-match") at
-- creation; the request reaches contractors through lead_distributions.
create table leads (
  id                       uuid primary key default gen_random_uuid(),
  business_id              uuid references businesses (id) on delete set null,
  service_id               uuid references services (id) on delete set null,
  user_id                  uuid references users (id) on delete set null,
  request_key              text unique,
  name                     text not null,
  email                    text not null,
  phone                    text not null,
  message                  text,
  project_type             text not null,
  project_description      text not null,
  timeline                 text not null,
  budget_min               integer not null,
  budget_max               integer not null,
  property_address         text not null,
  zip_code                 text,
  city                     text,
  latitude                 double precision,
  longitude                double precision,
  property_type            text not null,
  preferred_contact_method text not null,
  photos                   text[] not null default '{}',
  lead_score               integer not null,
  source                   text not null default 'WEBSITE',
  status                   text not null default 'NEW',
  qualification            text not null default 'pending',
  created_at               timestamptz not null default now(),
  updated_at               timestamptz not null default now(),
  constraint leads_timeline check (timeline in ('EMERGENCY', 'ASAP', 'FLEXIBLE')),
  constraint leads_budget check (budget_min >= 0 and budget_max >= budget_min and budget_max <= 999999),
  constraint leads_property_type check (property_type in ('Single Family Home', 'Condo/Townhouse', 'Apartment', 'Commercial')),
  constraint leads_contact_method check (preferred_contact_method in ('email', 'phone', 'both')),
  constraint leads_score check (lead_score between 0 and 100),
  constraint leads_source check (source in ('WEBSITE')),
  constraint leads_status check (status in ('NEW', 'CONTACTED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CONVERTED')),
  constraint leads_qualification check (qualification in ('pending', 'qualified', 'duplicate', 'out_of_area', 'unmatched')),
  constraint leads_description_length check (length(project_description) between 10 and 1000),
  constraint leads_email_format check (email = lower(btrim(email)) and length(email) <= 254),
  constraint leads_phone_digits check (phone ~ '^[0-9]{10,20}$'),
  constraint leads_photos_max check (coalesce(array_length(photos, 1), 0) <= 5)
);
-- Duplicate check: same e-mail and service within 7 days.
create index leads_email_service_created_idx on leads (email, service_id, created_at desc);
create index leads_created_idx on leads (created_at desc);
create trigger leads_updated_at before update on leads for each row execute function set_updated_at();

-- One lead sent to one contractor. UNIQUE(lead, business): a contractor is
-- never sent, or charged for, the same lead twice.
create table lead_distributions (
  id                       uuid primary key default gen_random_uuid(),
  lead_id                  uuid not null references leads (id) on delete cascade,
  business_id              uuid not null references businesses (id) on delete cascade,
  rank                     integer not null,
  status                   text not null default 'pending',
  created_at               timestamptz not null default now(),
  sent_at                  timestamptz,
  viewed_at                timestamptz,
  responded_at             timestamptz,
  charged_at               timestamptz,
  payment_amount_cents     integer not null default 3000,
  payment_status           text not null default 'pending',
  stripe_payment_intent_id text,
  payment_error_message    text,
  constraint lead_distributions_unique unique (lead_id, business_id),
  constraint lead_distributions_status check (status in ('pending', 'sent', 'viewed', 'responded', 'payment_failed')),
  constraint lead_distributions_payment_status check (payment_status in ('pending', 'paid', 'failed', 'refunded')),
  constraint lead_distributions_amount check (payment_amount_cents >= 0),
  constraint lead_distributions_paid_has_time check (payment_status <> 'paid' or charged_at is not null)
);
create index lead_distributions_business_idx on lead_distributions (business_id, created_at desc);

-- Messages on a lead between a contractor and the homeowner. quote holds the
-- optional quote: {items: [{description, quantity, rate, amount}], total, validUntil, terms}.
create table lead_communications (
  id              uuid primary key default gen_random_uuid(),
  lead_id         uuid not null references leads (id) on delete cascade,
  business_id     uuid not null references businesses (id) on delete cascade,
  message_type    text not null,
  sender_name     text not null,
  subject         text not null,
  message_content text not null,
  quote           jsonb,
  created_at      timestamptz not null default now(),
  constraint lead_communications_type check (message_type in ('contractor_response', 'homeowner_message', 'system')),
  constraint lead_communications_quote_is_object check (quote is null or jsonb_typeof(quote) = 'object')
);
create index lead_communications_lead_business_idx on lead_communications (lead_id, business_id, created_at);

-- A card on file for a business, as the gateway reports it (never the number).
create table payment_methods (
  id                        uuid primary key default gen_random_uuid(),
  business_id               uuid not null references businesses (id) on delete cascade,
  gateway_payment_method_id text not null unique,
  brand                     text not null,
  last4                     text not null,
  expiry_month              integer not null,
  expiry_year               integer not null,
  is_default                boolean not null default false,
  status                    text not null default 'active',
  created_at                timestamptz not null default now(),
  constraint payment_methods_last4 check (last4 ~ '^[0-9]{4}$'),
  constraint payment_methods_month check (expiry_month between 1 and 12),
  constraint payment_methods_year check (expiry_year between 2000 and 2100),
  constraint payment_methods_status check (status in ('active', 'expired', 'failed', 'removed'))
);
create unique index payment_methods_one_default_idx on payment_methods (business_id) where is_default and status <> 'removed';

-- Every charge attempt. idempotency_key is derived from the row paid for
-- (e.g. the distribution id), so a retry can never charge twice.
create table payment_transactions (
  id                       uuid primary key default gen_random_uuid(),
  business_id              uuid not null references businesses (id) on delete cascade,
  lead_id                  uuid references leads (id) on delete set null,
  distribution_id          uuid unique references lead_distributions (id) on delete set null,
  idempotency_key          text not null unique,
  payment_amount_cents     integer not null,
  payment_status           text not null default 'pending',
  stripe_payment_intent_id text,
  failure_message          text,
  description              text,
  receipt_url              text,
  created_at               timestamptz not null default now(),
  updated_at               timestamptz not null default now(),
  constraint payment_transactions_amount check (payment_amount_cents >= 0),
  constraint payment_transactions_status check (payment_status in ('paid', 'pending', 'failed', 'refunded', 'legacy', 'succeeded'))
);
create index payment_transactions_business_created_idx on payment_transactions (business_id, created_at desc);
create trigger payment_transactions_updated_at before update on payment_transactions for each row execute function set_updated_at();

-- Monthly plans (spec: basic $49, enhanced $99, featured $199).
create table subscriptions (
  id                     uuid primary key default gen_random_uuid(),
  business_id            uuid not null references businesses (id) on delete cascade,
  plan                   text not null,
  status                 text not null default 'active',
  price_cents            integer not null,
  current_period_start   timestamptz not null default now(),
  current_period_end     timestamptz not null,
  stripe_subscription_id text,
  created_at             timestamptz not null default now(),
  updated_at             timestamptz not null default now(),
  constraint subscriptions_plan check (plan in ('basic', 'enhanced', 'featured')),
  constraint subscriptions_status check (status in ('active', 'trialing', 'past_due', 'canceled')),
  constraint subscriptions_price check (price_cents >= 0),
  constraint subscriptions_period check (current_period_end > current_period_start)
);
create unique index subscriptions_one_live_idx on subscriptions (business_id) where status in ('active', 'trialing', 'past_due');
create trigger subscriptions_updated_at before update on subscriptions for each row execute function set_updated_at();

-- ---------------------------------------------------------------------------
-- Sandbox payment gateway (embedded default and tests). It follows Stripe's
-- test-card behaviour; its state lives here so it survives restarts.
-- ---------------------------------------------------------------------------

-- A customer's card in the sandbox. card_number is a Stripe test card number.
create table sandbox_payment_methods (
  id           text primary key,
  customer_id  text not null,
  card_number  text not null,
  brand        text not null,
  exp_month    integer not null,
  exp_year     integer not null,
  created_at   timestamptz not null default now(),
  constraint sandbox_payment_methods_id check (id like 'pm_%'),
  constraint sandbox_payment_methods_card check (card_number ~ '^[0-9]{13,19}$')
);
create index sandbox_payment_methods_customer_idx on sandbox_payment_methods (customer_id);

-- A charge attempt in the sandbox; the idempotency key makes a retry return
-- the first result.
create table sandbox_payment_intents (
  id                text primary key,
  idempotency_key   text not null unique,
  customer_id       text not null,
  payment_method_id text not null references sandbox_payment_methods (id),
  amount_cents      integer not null,
  currency          text not null default 'usd',
  status            text not null,
  decline_code      text,
  error_message     text,
  created_at        timestamptz not null default now(),
  constraint sandbox_payment_intents_id check (id like 'pi_%'),
  constraint sandbox_payment_intents_status check (status in ('succeeded', 'requires_payment_method', 'requires_action')),
  constraint sandbox_payment_intents_amount check (amount_cents > 0)
);
