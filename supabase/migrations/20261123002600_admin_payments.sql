-- ===========================================================================
-- Admin payments (issue 15): an admin's decision on a disputed lead (grant:
-- refunded through the gateway; decline) carries the admin's reason, which the
-- contractor reads on the lead and in the mail. Plus the indexes the payments
-- page and revenue validation read by.
-- ===========================================================================

-- Why an admin granted or declined the credit (shown to the contractor).
alter table lead_credits
  add column decision_reason text,
  add constraint lead_credits_decision_reason_length check (decision_reason is null or length(decision_reason) between 1 and 1000),
  add constraint lead_credits_decided_has_reason check ((decided_at is null) = (decision_reason is null));

-- The payments page's lists, newest first by keyset (created_at, id).
create index admin_lead_credits_open_keyset_idx on lead_credits (created_at desc, id desc) where status = 'open';
create index admin_chargebacks_keyset_idx on chargebacks (created_at desc, id desc);
create index admin_payment_transactions_keyset_idx on payment_transactions (created_at desc, id desc);
create index admin_payment_transactions_status_idx on payment_transactions (payment_status, created_at desc, id desc);
-- Revenue validation looks each gateway charge up in the ledger by its intent.
create index payment_transactions_intent_idx on payment_transactions (stripe_payment_intent_id)
  where stripe_payment_intent_id is not null;

-- The sandbox gateway's charge list (listCharges) pages by creation time.
create index sandbox_payment_intents_created_idx on sandbox_payment_intents (created_at, id);
