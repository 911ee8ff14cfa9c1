-- Instant alerts (issue 27). A device that receives Web Push for its user (a contractor's phone)
-- and the alert outbox: one row per message to one device, written in the transaction of the
-- change it announces (a lead sold), delivered afterwards by server/alerts/deliver-alerts.ts.
create table push_subscriptions (
  id                uuid primary key default gen_random_uuid(),
  user_id           uuid not null references users (id) on delete cascade,
  -- The push service's URL for this device (RFC 8030); one user's, whoever subscribes it last.
  endpoint          text not null unique check (length(endpoint) <= 1000),
  -- The browser's P-256 public key and auth secret (RFC 8291), base64url.
  p256dh            text not null check (length(p256dh) <= 200),
  auth              text not null check (length(auth) <= 100),
  -- What the contractor sees in the device list ("Chrome on Android").
  label             text not null check (length(label) <= 80),
  created_at        timestamptz not null default now(),
  last_success_at   timestamptz,
  last_failure_at   timestamptz,
  last_error        text
);
create index push_subscriptions_user_idx on push_subscriptions (user_id, created_at);

create table alert_deliveries (
  id               uuid primary key default gen_random_uuid(),
  channel          text not null check (channel in ('push')),
  -- Kept when the device goes (the push service said 404/410): the row then says 'gone'.
  subscription_id  uuid references push_subscriptions (id) on delete set null,
  -- Whose alert it is: a device that another account turned alerts on since gets none of these.
  user_id          uuid not null references users (id) on delete cascade,
  -- lead_new, test...
  kind             text not null,
  -- push: { title, body, url, tag }; nothing that identifies the homeowner.
  payload          jsonb not null,
  ttl_seconds      integer not null check (ttl_seconds between 0 and 2419200),
  urgency          text not null check (urgency in ('very-low', 'low', 'normal', 'high')),
  status           text not null default 'pending'
                   check (status in ('pending', 'sending', 'sent', 'gone', 'failed')),
  attempts         integer not null default 0,
  send_after       timestamptz not null default now(),
  claimed_at       timestamptz,
  created_at       timestamptz not null default now(),
  sent_at          timestamptz,
  last_error       text
);
create index alert_deliveries_due_idx on alert_deliveries (send_after) where status in ('pending', 'sending');
create index alert_deliveries_subscription_idx on alert_deliveries (subscription_id);

alter table push_subscriptions enable row level security;
alter table alert_deliveries enable row level security;
