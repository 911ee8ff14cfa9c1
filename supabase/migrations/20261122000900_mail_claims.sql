-- The outbox sender marks a claimed mail 'sending' with the time; a mail left 'sending' by a
-- sender that died (a crash, a frozen function) is claimed again after five minutes.
alter table mail_outbox add column claimed_at timestamptz;
create index mail_outbox_sending_idx on mail_outbox (claimed_at) where status = 'sending';
