-- Alert settings and text alerts (issue 27). A contractor's choice of what each kind of alert
-- goes by (push, text, e-mail), quiet hours in Dayton time, the texts a day, and the mobile
-- number confirmed for texts (by a code through the SMS port). Without a row the defaults of
-- src/domain/alert-rules.ts hold.
create table alert_settings (
  user_id           uuid primary key references users (id) on delete cascade,
  -- { lead_new: { push, sms, email }, quote_accepted: {...}, credit_decided: {...}, payment_failed: {...} }
  channels          jsonb not null,
  -- Minutes after Dayton's midnight; both null when alerts may ring at any hour.
  quiet_start       smallint check (quiet_start between 0 and 1439),
  quiet_end         smallint check (quiet_end between 0 and 1439),
  sms_daily_max     smallint not null default 10 check (sms_daily_max between 1 and 50),
  -- The number texts go to: ten digits, confirmed by a code.
  sms_phone         text check (sms_phone ~ '^[0-9]{10}$'),
  sms_confirmed_at  timestamptz,
  -- The provider said the number replied STOP: nothing is texted to it until confirmed again.
  sms_opted_out_at  timestamptz,
  -- A number a code was sent to, waiting for the code (the provider's verification ref).
  pending_phone     text check (pending_phone ~ '^[0-9]{10}$'),
  pending_ref       text check (length(pending_ref) <= 100),
  pending_sent_at   timestamptz,
  updated_at        timestamptz not null default now(),
  constraint alert_settings_quiet check (
    (quiet_start is null) = (quiet_end is null) and (quiet_start is null or quiet_start <> quiet_end)),
  constraint alert_settings_sms check ((sms_phone is null) = (sms_confirmed_at is null))
);
alter table alert_settings enable row level security;

-- Text alerts share the alert outbox: a row to a number instead of a device.
alter table alert_deliveries drop constraint alert_deliveries_channel_check;
alter table alert_deliveries add constraint alert_deliveries_channel_check check (channel in ('push', 'sms'));
alter table alert_deliveries add column to_phone text check (to_phone ~ '^[0-9]{10}$');
alter table alert_deliveries add constraint alert_deliveries_target check (
  (channel = 'sms') = (to_phone is not null));
-- 'skipped': a text past the day's maximum, kept so the dashboard can say so.
alter table alert_deliveries drop constraint alert_deliveries_status_check;
alter table alert_deliveries add constraint alert_deliveries_status_check
  check (status in ('pending', 'sending', 'sent', 'gone', 'failed', 'skipped'));
-- Today's texts of a user, counted against the daily maximum.
create index alert_deliveries_sms_user_idx on alert_deliveries (user_id, created_at) where channel = 'sms';
