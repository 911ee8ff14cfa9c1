-- ===========================================================================
-- Automatic credits (issue 14): a contractor disputes a charged lead within 7
-- days of the charge. A published rule met (duplicate, outside the area, a
-- number that does not work) refunds the charge through the gateway at once;
-- anything else waits in an admin queue (status 'open'). Plus the sandbox
-- gateway's refunds, and when a business last changed where it works (so the
-- area rule judges a lead by the area the business had when it bought it).
-- ===========================================================================

-- One dispute per lead a business bought: UNIQUE(distribution_id), so two
-- disputes at once make one row and one refund. idempotency_key ('lead-credit-'
-- || id) is the refund's key at the gateway, so a retry never refunds twice.
-- status: 'refunding' (rule met, refund asked of the gateway), 'refunded',
-- 'open' (in the admin queue), 'approved' / 'denied' (decided by an admin).
create table lead_credits (
  id                uuid primary key default gen_random_uuid(),
  business_id       uuid not null references businesses (id) on delete cascade,
  distribution_id   uuid not null references lead_distributions (id) on delete cascade,
  transaction_id    uuid references payment_transactions (id) on delete set null,
  reason            text not null,
  note              text,
  status            text not null,
  -- What the server's check of the rule found, in words a contractor and an admin read.
  finding           text not null,
  amount_cents      integer not null,
  idempotency_key   text not null unique,
  gateway_refund_id text,
  created_at        timestamptz not null default now(),
  refunded_at       timestamptz,
  decided_at        timestamptz,
  decided_by        uuid references users (id) on delete set null,
  constraint lead_credits_one_per_lead unique (distribution_id),
  constraint lead_credits_reason check (reason in ('duplicate', 'outside_area', 'bad_number', 'other')),
  constraint lead_credits_status check (status in ('refunding', 'refunded', 'open', 'approved', 'denied')),
  constraint lead_credits_note_length check (note is null or length(note) <= 500),
  constraint lead_credits_finding_length check (length(finding) <= 500),
  constraint lead_credits_amount check (amount_cents > 0),
  constraint lead_credits_refunded_has_time check ((status = 'refunded') = (refunded_at is not null))
);
create index lead_credits_business_idx on lead_credits (business_id, created_at desc);
-- The admin queue: open disputes, oldest first.
create index lead_credits_open_idx on lead_credits (created_at) where status = 'open';
alter table lead_credits enable row level security;

-- When the business's service areas or location last changed (null: never
-- since this column exists). The outside-the-area rule applies only to a lead
-- bought before that, so moving the area after a sale refunds nothing by itself.
alter table businesses add column service_area_changed_at timestamptz;

create function businesses_mark_area_change() returns trigger
language plpgsql as $$
begin
  if new.service_areas is distinct from old.service_areas
     or new.latitude is distinct from old.latitude
     or new.longitude is distinct from old.longitude then
    new.service_area_changed_at := now();
  end if;
  return new;
end
$$;
create trigger businesses_area_change before update of service_areas, latitude, longitude on businesses
  for each row execute function businesses_mark_area_change();

-- ---------------------------------------------------------------------------
-- Sandbox gateway: a refund of a sandbox charge. The key makes a retry return
-- the first refund; the gateway locks the charge so refunds never exceed it.
-- ---------------------------------------------------------------------------
create table sandbox_refunds (
  id                text primary key,
  idempotency_key   text not null unique,
  payment_intent_id text not null references sandbox_payment_intents (id),
  amount_cents      integer not null,
  reason            text not null,
  status            text not null default 'succeeded',
  metadata          jsonb not null default '{}',
  created_at        timestamptz not null default now(),
  constraint sandbox_refunds_id check (id like 're_%'),
  constraint sandbox_refunds_amount check (amount_cents > 0),
  constraint sandbox_refunds_reason check (reason in ('duplicate', 'fraudulent', 'requested_by_customer')),
  constraint sandbox_refunds_status check (status in ('succeeded'))
);
create index sandbox_refunds_intent_idx on sandbox_refunds (payment_intent_id);
alter table sandbox_refunds enable row level security;
