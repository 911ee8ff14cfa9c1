-- The homeowner hears back (issue 27, Must 4). On the private responses page a homeowner may turn
-- on push for that one request: the browser's subscription is kept for the request (lead_id), not
-- for an account (a homeowner needs none). Each new response or quote then pushes to it, and the
-- mail that announced it is held: 'replaced' when a push was accepted and the homeowner opened the
-- page within the hold, sent at once when no push could be delivered, sent at the hold's end
-- otherwise.
alter table push_subscriptions alter column user_id drop not null;
alter table push_subscriptions add column lead_id uuid references leads (id) on delete cascade;
alter table push_subscriptions add constraint push_subscriptions_owner check ((user_id is null) <> (lead_id is null));
-- A request's browser listens as long as the link it was turned on with would open the page (90
-- days for a signed-in account's own request): a link forwarded once does not follow it for ever.
alter table push_subscriptions add column expires_at timestamptz;
alter table push_subscriptions add constraint push_subscriptions_expiry check ((lead_id is null) = (expires_at is null));
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
-- A request's pushes, read on every view of its page (the held mails they replace) and by the
-- request's deletion (the foreign key's cascade).
create index alert_deliveries_lead_idx on alert_deliveries (lead_id) where lead_id is not null;

-- 'replaced': a mail whose news a push delivered instead (kept, so /dev/mail and support see it).
-- Added NOT VALID and validated after, so the outbox is not locked while its rows are checked.
alter table mail_outbox drop constraint mail_outbox_status;
alter table mail_outbox add constraint mail_outbox_status
  check (status in ('pending', 'sending', 'sent', 'captured', 'failed', 'replaced')) not valid;
alter table mail_outbox validate constraint mail_outbox_status;
