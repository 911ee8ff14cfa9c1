-- The homeowner hears back (issue 27, Must 4). On the private responses page a homeowner may turn
-- on push for that one request: the browser's subscription is kept for the request (lead_id), not
-- for an account (a homeowner needs none). Each new response or quote then pushes to it, and the
-- mail that announced it is held until a push is accepted ('replaced') or none could be ('pending'
-- again at once): the mail still goes when no device took the push.
alter table push_subscriptions alter column user_id drop not null;
alter table push_subscriptions add column lead_id uuid references leads (id) on delete cascade;
alter table push_subscriptions add constraint push_subscriptions_owner check ((user_id is null) <> (lead_id is null));
-- A browser has one endpoint: it may be an account's device and also listen to several requests.
alter table push_subscriptions drop constraint push_subscriptions_endpoint_key;
create unique index push_subscriptions_account_endpoint on push_subscriptions (endpoint) where lead_id is null;
create unique index push_subscriptions_request_endpoint on push_subscriptions (lead_id, endpoint) where lead_id is not null;

alter table alert_deliveries alter column user_id drop not null;
alter table alert_deliveries add column lead_id uuid references leads (id) on delete cascade;
alter table alert_deliveries add constraint alert_deliveries_owner check ((user_id is null) <> (lead_id is null));
-- The mail a homeowner's push stands in for: sent anyway if no device accepts the push.
alter table alert_deliveries add column fallback_mail_id uuid references mail_outbox (id) on delete set null;
create index alert_deliveries_fallback_idx on alert_deliveries (fallback_mail_id) where fallback_mail_id is not null;

-- 'replaced': a mail whose news a push delivered instead (kept, so /dev/mail and support see it).
alter table mail_outbox drop constraint mail_outbox_status;
alter table mail_outbox add constraint mail_outbox_status
  check (status in ('pending', 'sending', 'sent', 'captured', 'failed', 'replaced'));
