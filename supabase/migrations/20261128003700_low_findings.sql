-- Issue 26, the review's low findings.

-- ---------------------------------------------------------------------------------------------
-- Stripe events keep their outcome: 'processed', 'ignored' (a type outside the allow-list),
-- 'missing' (the object is no longer at Stripe) or 'incomplete' (a signed event whose object
-- lacks what a handler needs). Null while the handlers have not all succeeded.
alter table stripe_events add column outcome text;
update stripe_events set outcome = case when ignored then 'ignored' else 'processed' end
 where processed_at is not null;
alter table stripe_events
  add constraint stripe_events_outcome check (outcome in ('processed', 'ignored', 'missing', 'incomplete')),
  add constraint stripe_events_outcome_processed check ((outcome is null) = (processed_at is null));
